// Issue 38: a request that holds the event loop is seen — the lag as a histogram, and a warning
// naming each request in flight while the loop was held past 200 ms.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { watchEventLoop } from "./event-loop-watchdog";
import { log } from "./log";
import { metrics } from "./metrics";
import { runWithRequest } from "./request-context";

const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("the event-loop watchdog", () => {
  it("logs a hold over 200 ms with the request id of each request in flight, and counts the lag", async () => {
    const warn = vi.spyOn(log, "warn");
    watchEventLoop();
    await sleep(120);
    const idle = { requestId: "req_idle_watchdog", dbOperations: 0 };
    const busy = { requestId: "req_busy_watchdog", dbOperations: 0 };
    const waiting = runWithRequest(idle, () => sleep(800));
    await runWithRequest(busy, async () => {
      await sleep(10);
      hold(400);
      await sleep(120);
    });
    const lines = warn.mock.calls.filter(([fields]) => (fields as { held_ms?: number }).held_ms !== undefined).map(([fields]) => fields as { request_id: string; held_ms: number });
    expect(lines.map((l) => l.request_id).sort()).toEqual(["req_busy_watchdog", "req_idle_watchdog"]);
    for (const line of lines) expect(line.held_ms).toBeGreaterThan(200);
    await waiting;
    // Nothing is in flight now: a later hold names nobody.
    warn.mockClear();
    hold(300);
    await sleep(120);
    expect(warn.mock.calls.filter(([fields]) => (fields as { held_ms?: number }).held_ms !== undefined)).toEqual([]);
    const lag = (await metrics().eventLoopLag.get()).values.find((v) => v.metricName === "switchyard_event_loop_lag_seconds_bucket" && v.labels.le === 0.2);
    const total = (await metrics().eventLoopLag.get()).values.find((v) => v.metricName === "switchyard_event_loop_lag_seconds_count");
    expect(total!.value - lag!.value).toBeGreaterThanOrEqual(2);
  });
});
