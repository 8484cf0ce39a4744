// Starting a playground run stores its request until a stream takes it: only members with a
// verified email may, at most 3 runs wait per member, and a stored request is at most 256 KiB
// (an unverified account with no credits stored 28 MB in 6 s). Refusals in the tRPC error shape.
import { expect, test } from "@playwright/test";
import { send } from "../fixtures/console-session";
import { newMember, type NewMember } from "../fixtures/new-member";

async function start(member: NewMember, prompt = "Say hello.") {
  const answer = await send("POST", "/api/trpc/playground.start", {
    cookies: [member.cookie],
    json: { json: { projectId: member.projectId, endpoint: "completions", request: { prompt } } },
  });
  const body = JSON.parse(answer.text);
  return { status: answer.status, runId: body.result?.data?.json?.runId as string | undefined, error: body.error?.json };
}

test("an unverified member with no credits cannot start a run", async () => {
  const member = await newMember("playground-unverified", { verified: false });
  const refused = await start(member);
  expect(refused.status).toBe(403);
  expect(refused.error.data).toMatchObject({ code: "FORBIDDEN", appCode: "forbidden" });
  expect(refused.error.message).toMatch(/verify your email/i);
});

test("a verified member has at most 3 runs waiting, each at most 256 KiB", async () => {
  const member = await newMember("playground-busy", { verified: true });
  const large = await start(member, "x".repeat(256 * 1024));
  expect(large.status).toBe(413);
  expect(large.error.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", appCode: "input_too_large" });
  for (let i = 0; i < 3; i++) {
    const started = await start(member);
    expect(started.status, JSON.stringify(started.error)).toBe(200);
    expect(started.runId).toMatch(/^run_/);
  }
  const fourth = await start(member);
  expect(fourth.status).toBe(409);
  expect(fourth.error.data).toMatchObject({ code: "CONFLICT", appCode: "conflict" });
  expect(fourth.error.message).toContain("3 playground runs waiting");
});
