// Starting a playground run stores its request for a stream to take: only for a verified member
// whose workspace can pay, at most a few runs waiting per member, and a bounded request.
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../accounts/service";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { projectActor } from "../projects/service";
import { MAX_PENDING_RUNS, MAX_STORED_REQUEST_BYTES, startRun, streamRun, takeRun, type PlaygroundEvent } from "./playground";

const person = (label: string) => ({ email: `${label}-${newId("req").slice(-8)}@playground.test`, password: "a-long-enough-password", name: label });
const request = (prompt = "hello") => ({ prompt, stream: true, risk: 0.3 });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  await migrate();
});

describe("playground start", () => {
  it("refuses an unverified member with no credits, and stores nothing", async () => {
    const account = await signUp(person("unverified"));
    const actor = await projectActor(account.projectId);
    const error = await refusal(startRun(account.userId, actor, "completions", request()));
    expect(error.code).toBe("forbidden");
    expect(error.message).toMatch(/verify your email/i);
    expect(await db().playgroundRun.count({ where: { userId: account.userId } })).toBe(0);
  });

  it("refuses a verified member whose workspace has no credits", async () => {
    const account = await signUp(person("broke"), { emailVerified: true });
    await db().workspace.update({ where: { id: account.workspaceId }, data: { balance: 0n } });
    const error = await refusal(startRun(account.userId, await projectActor(account.projectId), "completions", request()));
    expect(error.code).toBe("insufficient_credits");
  });

  it("keeps at most 3 runs waiting per member, and refuses a request over the stored limit", async () => {
    const account = await signUp(person("busy"), { emailVerified: true });
    const actor = await projectActor(account.projectId);
    const big = await refusal(startRun(account.userId, actor, "completions", request("x".repeat(MAX_STORED_REQUEST_BYTES))));
    expect(big).toMatchObject({ code: "input_too_large", extra: { limit: MAX_STORED_REQUEST_BYTES } });
    const started = await Promise.allSettled(Array.from({ length: 6 }, () => startRun(account.userId, actor, "completions", request())));
    expect(started.filter((s) => s.status === "fulfilled")).toHaveLength(MAX_PENDING_RUNS);
    for (const s of started) if (s.status === "rejected") expect(s.reason).toMatchObject({ code: "conflict" });
    expect(await db().playgroundRun.count({ where: { userId: account.userId } })).toBeLessThanOrEqual(MAX_PENDING_RUNS);
  });
});

describe("playground stream", () => {
  it("sends each whole tool call as a tool_call event, before a done that no longer carries them", async () => {
    const account = await signUp(person("tools"), { emailVerified: true });
    const actor = await projectActor(account.projectId);
    const weather = { type: "function" as const, function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
    const { runId } = await startRun(account.userId, actor, "completions", { ...request("Weather in Oslo?"), tools: [weather], tool_choice: "required" });
    const events: PlaygroundEvent[] = [];
    for await (const event of streamRun(actor, await takeRun(account.userId, actor, runId), new AbortController().signal)) events.push(event);
    expect(events.map((e) => e.type)).toEqual(["tool_call", "done"]);
    expect(events[0]).toEqual({ type: "tool_call", call: { id: expect.stringMatching(/^call_/), name: "get_weather", arguments: { city: expect.any(String) } } });
    const done = events[1] as Extract<PlaygroundEvent, { type: "done" }>;
    expect(done.generation.finish_reason).toBe("tool_calls");
    expect(done.generation).not.toHaveProperty("tool_calls");
  });
});
