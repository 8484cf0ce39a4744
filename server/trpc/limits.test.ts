// The console's call budget per signed-in user: past it, a procedure answers TOO_MANY_REQUESTS
// (tRPC's 429) without running; another user is not affected.
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "../accounts/service";
import { env } from "../env";
import { migrate } from "../migrations";
import { newId } from "../ids";
import { createCaller } from "./root";

const before = env.CONSOLE_CALLS_PER_MINUTE;
afterAll(() => {
  env.CONSOLE_CALLS_PER_MINUTE = before;
});

describe("console calls per user", () => {
  it("the call after the budget is refused; another member still gets through", async () => {
    await migrate();
    env.CONSOLE_CALLS_PER_MINUTE = 10 + Math.floor(Math.random() * 1000); // a limiter of its own for this run
    const one = await signUp({ email: `limits-${newId("req").slice(-8)}@trpc.test`, password: "a-long-enough-password", name: "One" });
    const two = await signUp({ email: `limits-${newId("req").slice(-8)}@trpc.test`, password: "a-long-enough-password", name: "Two" });
    const caller = createCaller({ userId: one.userId });
    for (let i = 0; i < env.CONSOLE_CALLS_PER_MINUTE; i++) await caller.instances.catalog();
    const refused = await caller.instances.catalog().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe("TOO_MANY_REQUESTS");
    expect((refused as TRPCError).message).toMatch(/^Too many console requests\. Retry after \d+ s\.$/);
    await expect(createCaller({ userId: two.userId }).instances.catalog()).resolves.toHaveProperty("plans");
  });
});
