// Every upstream failure class, non-streaming, driven through the real server against the fake
// vendors: what the client gets (a complete answer or one clean error), what each family saw (no
// hammering, no forbidden retries) and what was charged. scholar's chain is vendorx/standard (ctx
// 8000) → vendory/standard (Anthropic protocol, ctx 100000) → vendorz/standard (ctx 8000).
// Nothing-charged cases are measured exactly in ai-metering.spec.ts.
import { expect, test } from "@playwright/test";
import { aiKey, expectChargeInLedger, expectUsageOf, familiesOf, generate, prompt, to, whenTried } from "../fixtures/ai";
import { LEAK_WORDS } from "../fixtures/families";

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

/** The error says nothing about vendors: our own words only. */
function expectOwnWords(text: string) {
  for (const word of [...LEAK_WORDS, "safety system", "Overloaded", "rate limit reached", "context length is"]) {
    expect(text.toLowerCase()).not.toContain(word.toLowerCase());
  }
}

test("429 with a short Retry-After: the same family is retried once after waiting, and answers", async () => {
  const since = Date.now();
  const { result: res, requests } = await whenTried("429-short", ["vendorx"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault vendorx status code=429 retry_after=1 times=1") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendorx"]);
  expect(requests.map((r) => r.faults)).toEqual([["status"], []]);
  expect(res.body.output).toBe(requests[1].answer);
  expect(res.body.routing).toMatchObject({ attempts: 2 });
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
  await expectChargeInLedger(res.body.usage.credits, since);
});

test("429 with a short Retry-After twice: one wait, then the next family (never a third try)", async () => {
  const { result: res, requests } = await whenTried("429-twice", ["vendorx", "vendory"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault vendorx status code=429 retry_after=1") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendorx", "vendory"]);
  expect(res.body.output).toBe(requests[2].answer);
  expect(res.body.routing).toMatchObject({ escalated: true });
});

test("429 with a long Retry-After: fails over at once, the busy family saw exactly 1 request", async () => {
  const since = Date.now();
  const { result: res, requests } = await whenTried("429-long", ["vendorx", "vendory"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault vendorx status code=429 retry_after=30") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(res.body.output).toBe(requests[1].answer);
  expect(res.body.routing).toMatchObject({ escalated: true });
  expectOwnWords(res.body.routing.reason);
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
  await expectChargeInLedger(res.body.usage.credits, since);
});

for (const [label, fault] of [
  ["a 5xx", "status code=503"],
  ["a connection reset", "reset"],
]) {
  test(`${label}: one retry, then the next family (the failing family saw exactly 2 requests)`, async () => {
    const since = Date.now();
    const { result: res, requests } = await whenTried("retry-once", ["vendorx", "vendory"], (tag) =>
      generate(key, { prompt: prompt(tag, `fault vendorx ${fault}`) }),
    );
    expect(res.status).toBe(200);
    expect(familiesOf(requests)).toEqual(["vendorx", "vendorx", "vendory"]);
    expect(res.body.output).toBe(requests[2].answer);
    expect(res.body.routing).toMatchObject({ escalated: true, attempts: 3 });
    await expectUsageOf(res.body.usage, "scholar", res.body.output);
    await expectChargeInLedger(res.body.usage.credits, since);
  });
}

for (const [label, fault] of [
  ["no response within the connect timeout (hang)", "hang"],
  ["no first token within the timeout (silent)", "silent"],
]) {
  test(`${label}: fails over without retrying the silent family (exactly 1 request)`, async () => {
    const { result: res, requests } = await whenTried("no-answer", ["vendorx", "vendory"], (tag) =>
      generate(key, { prompt: prompt(tag, `fault vendorx ${fault}`) }),
    );
    expect(res.status).toBe(200);
    expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
    expect(requests[0].faults).toEqual([fault]);
    expect(res.body.output).toBe(requests[1].answer);
    await expectUsageOf(res.body.usage, "scholar", res.body.output);
  });
}

test("one malformed chunk ends that attempt: the next family continues from the last good text, the answer arrives whole", async () => {
  const since = Date.now();
  const { result: res, requests } = await whenTried("garbage-one", ["vendorx", "vendory"], (tag) =>
    generate(key, { prompt: prompt(tag, "words 16", "fault vendorx malformed_at n=3") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(requests[0].faults).toEqual(["malformed_at"]);
  expect(requests[1].prefill).toBe(true);
  expect(res.body.output).toBe(requests[0].answer);
  expect(res.text).not.toContain("unfinished");
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
  await expectChargeInLedger(res.body.usage.credits, since);
});

test("many malformed chunks: fail over (no retry of that family), the garbage never reaches the client", async () => {
  const { result: res, requests } = await whenTried("garbage-many", ["vendorx", "vendory"], (tag) =>
    generate(key, { prompt: prompt(tag, "words 16", "fault vendorx malformed_at n=1 count=6") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(res.body.output).toBe(requests[1].answer);
  expect(res.text).not.toContain("unfinished");
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
});

test("context length exceeded: a larger-context model answers, the same model is never retried", async () => {
  const { result: res, requests } = await whenTried("ctx", ["vendorx", "vendory"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault vendorx context_length") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(requests[1].model).not.toBe(requests[0].model);
  expect(res.body.output).toBe(requests[1].answer);
  expect(res.body.routing).toMatchObject({ escalated: true });
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
});

test("context length exceeded: a later step whose context window is not larger is skipped", async () => {
  // vendory (larger) fails too; vendorz/standard has the same 8000 tokens as the model that refused.
  const { result: res, requests } = await whenTried("ctx-skip", ["vendorx", "vendory"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault vendorx context_length", "fault vendory status code=503") }),
  );
  expect(res.status).toBe(502);
  expect(res.body.error).toMatchObject({ type: "api_error", code: "upstream_unavailable" });
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory", "vendory"]);
  expect(to(requests, "vendorz")).toHaveLength(0);
  expectOwnWords(res.text);
});

test("content-policy refusal: no retry anywhere, 403 forbidden in our own words", async () => {
  const { result: res, requests } = await whenTried("policy", ["vendorx"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault vendorx content_policy") }),
  );
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({ type: "permission_error", code: "forbidden" });
  expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  expectOwnWords(res.text);
});

test("content-policy refusal on the Anthropic protocol (stop_reason refusal): 403, the next family is not tried", async () => {
  const { result: res, requests } = await whenTried("policy-y", ["vendory"], (tag) =>
    generate(key, { product: "vision", prompt: prompt(tag, "fault vendory content_policy") }),
  );
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe("forbidden");
  expect(familiesOf(requests)).toEqual(["vendory"]);
  expectOwnWords(res.text);
});

test("every family down: 502 upstream_unavailable after one retry each, nothing names an engine", async () => {
  const { result: res, requests } = await whenTried("all-down", ["vendorx", "vendory", "vendorz"], (tag) =>
    generate(key, { prompt: prompt(tag, "fault * status code=503") }),
  );
  expect(res.status).toBe(502);
  expect(res.body.error).toMatchObject({ type: "api_error", code: "upstream_unavailable" });
  expect(res.body.error.message).toMatch(/nothing was charged/i);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendorx", "vendory", "vendory", "vendorz", "vendorz"]);
  expectOwnWords(res.text);
});
