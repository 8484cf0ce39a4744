import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { drain, draining, exchangeOpened, openExchanges, startDraining, untilGraceOver } from "./lifecycle";

// One process, one life: the cases run in order, as a shutdown does.
describe("lifecycle", () => {
  it("serves until draining starts", () => {
    expect(draining()).toBe(false);
    const close = exchangeOpened();
    expect(openExchanges()).toBe(1);
    close();
    close(); // once only
    expect(openExchanges()).toBe(0);
  });

  it("passes the client's abort on and keeps no listener once released", () => {
    const client = new AbortController();
    const work = untilGraceOver(client.signal);
    client.abort(new Error("client disconnected"));
    expect(work.signal.aborted).toBe(true);
    expect((work.signal.reason as Error).message).toBe("client disconnected");
    work.release();
  });

  it("waits for exchanges that end within the grace, and aborts none", async () => {
    startDraining();
    expect(draining()).toBe(true);
    const close = exchangeOpened();
    const work = untilGraceOver();
    setTimeout(close, 50);
    expect(await drain(2_000)).toEqual({ interrupted: 0 });
    expect(work.signal.aborted).toBe(false);
    work.release();
  });

  it("past the grace, aborts running work with a retryable service_unavailable and waits for it to answer", async () => {
    const close = exchangeOpened();
    const work = untilGraceOver();
    work.signal.addEventListener("abort", () => setTimeout(close, 50));
    // A request that cannot finish by itself (its body still trickling in) is cut at once.
    const trickling: () => void = exchangeOpened(() => trickling());
    const started = Date.now();
    expect(await drain(200, 2_000)).toEqual({ interrupted: 2 });
    expect(Date.now() - started).toBeLessThan(1_000);
    const reason = work.signal.reason as AppError;
    expect(reason).toBeInstanceOf(AppError);
    expect(reason.code).toBe("service_unavailable");
    expect(reason.status).toBe(503);
    expect(reason.extra.retry_after).toBe(1);
    expect(openExchanges()).toBe(0);
  });
});
