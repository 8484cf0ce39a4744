// Credits, measured exactly: workspace D is spent by this spec alone, one test at a time, so every
// balance and ledger movement below is the generation's own. A successful escalated call is
// charged exactly its usage.credits, once (failed attempts are not billed); every failure that
// ends in an error charges nothing and frees the reservation; a client that disconnects mid-stream
// cancels the upstream call and pays only for what was generated.
import { expect, test } from "@playwright/test";
import { countTokens } from "../../server/ai/tokens";
import {
  aiKey, billing, creditsFor, deltaText, eventually, expectOneTerminal, expectUsageOf, familiesOf, generate, generateStream, ledger,
  logLinesSince, logMark, prompt, ratesOf, seen, to, unhandledSince, whenTried, type Transaction,
} from "../fixtures/ai";
import { state } from "../fixtures/state";

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

let key: string;
test.beforeAll(async () => {
  key = await aiKey(state().d);
});

type Snapshot = { balance: number; reserved: number; entries: Transaction[] };
const snapshot = async (): Promise<Snapshot> => ({ ...(await billing(state().d)), entries: await ledger(state().d) });

/** The entries added since `before`, once nothing is reserved any more (settling is done). */
async function movedSince(before: Snapshot): Promise<{ after: Snapshot; added: Transaction[] }> {
  let after = await snapshot();
  await eventually(async () => {
    after = await snapshot();
    expect(after.reserved).toBe(0);
  });
  const known = new Set(before.entries.map((t) => t.id));
  return { after, added: after.entries.filter((t) => !known.has(t.id)) };
}

const micro = (credits: number) => Math.round(credits * 1_000_000);

test("an escalated success is charged exactly its usage.credits, once", async () => {
  const { result, requests } = await whenTried("meter-escalated", ["vendorx", "vendory"], async (tag) => {
    const before = await snapshot();
    const res = await generate(key, { prompt: prompt(tag, "words 24", "fault vendorx status code=503") });
    return { res, before, ...(await movedSince(before)) };
  });
  const { res, before, after, added } = result;
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendorx", "vendory"]);
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
  expect(added).toHaveLength(1);
  // The charge names what it paid for: the generation, by id.
  expect(added[0]).toMatchObject({ type: "charge", amount: -res.body.usage.credits, resource: res.body.id, description: `Generation ${res.body.id} (scholar)` });
  expect(micro(before.balance) - micro(after.balance)).toBe(micro(res.body.usage.credits));
});

test("a stream continued on another family is charged once, for the whole answer the client got", async () => {
  const { result, requests } = await whenTried("meter-continued", ["vendorx", "vendory"], async (tag) => {
    const before = await snapshot();
    const res = await generateStream(key, { prompt: prompt(tag, "words 24", "fault vendorx cut_after n=6") });
    return { res, before, ...(await movedSince(before)) };
  });
  const { res, before, after, added } = result;
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  const done = expectOneTerminal(res.events, "done");
  const text = deltaText(res.events);
  expect(text).toBe(requests[0].answer);
  await expectUsageOf(done.json.usage, "scholar", text);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ type: "charge", amount: -done.json.usage.credits });
  expect(micro(before.balance) - micro(after.balance)).toBe(micro(done.json.usage.credits));
});

for (const [label, body] of [
  ["every family down (JSON)", { prompt: "fault * status code=503" }],
  ["every family down (stream)", { prompt: "fault * reset", stream: true }],
  ["every family cut mid-answer (stream)", { prompt: "fault * cut_after n=2", stream: true }],
  ["every family sends a broken chunk mid-answer (stream)", { prompt: "fault * corrupt_at n=3", stream: true }],
  ["every family's connection dies mid-answer (JSON)", { prompt: "fault * reset_after n=3" }],
] as [string, { prompt: string; stream?: boolean }][]) {
  test(`${label}: 502 upstream_unavailable, nothing charged, nothing left reserved`, async () => {
    const { result, requests } = await whenTried("meter-down", ["vendorx", "vendory", "vendorz"], async (tag) => {
      const before = await snapshot();
      const text = prompt(tag, "words 20", body.prompt);
      const res = body.stream ? await generateStream(key, { prompt: text }) : await generate(key, { prompt: text });
      return { res, before, ...(await movedSince(before)) };
    });
    const { res, before, after, added } = result;
    expect(new Set(familiesOf(requests))).toEqual(new Set(["vendorx", "vendory", "vendorz"]));
    if (body.stream) {
      const streamed = res as Awaited<ReturnType<typeof generateStream>>;
      expect(streamed.status).toBe(200);
      expect(expectOneTerminal(streamed.events, "error").json.error.code).toBe("upstream_unavailable");
    } else {
      expect(res.status).toBe(502);
      expect((res as Awaited<ReturnType<typeof generate>>).body.error.code).toBe("upstream_unavailable");
    }
    expect(added).toEqual([]);
    expect(after.balance).toBe(before.balance);
    expect(after.reserved).toBe(0);
  });
}

test("a content-policy refusal: 403, nothing charged", async () => {
  const { result, requests } = await whenTried("meter-policy", ["vendorx"], async (tag) => {
    const before = await snapshot();
    const res = await generate(key, { prompt: prompt(tag, "fault vendorx content_policy") });
    return { res, before, ...(await movedSince(before)) };
  });
  expect(result.res.status).toBe(403);
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  expect(result.added).toEqual([]);
  expect(result.after.balance).toBe(result.before.balance);
});

test("a client that disconnects mid-stream cancels the upstream call and pays only for what was generated", async () => {
  const rates = await ratesOf("scholar");
  const mark = logMark();
  const { result, requests, tag } = await whenTried("meter-disconnect", ["vendorx"], async (tag) => {
    const before = await snapshot();
    // 150 words, 0.12 s apart: the whole answer would take 18 s; the client leaves after 5 deltas.
    const text = prompt(tag, "words 150", "fault vendorx slow ms=120");
    const controller = new AbortController();
    let deltas = 0;
    const res = await generateStream(key, { prompt: text }, "completions", {
      signal: controller.signal,
      onEvent: (e) => void (e.event === "delta" && ++deltas === 5 && controller.abort()),
    });
    return { res, before, text, ...(await movedSince(before)) };
  });
  const { res, before, after, added, text } = result;
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  expect(res.events.filter((e) => e.event === "delta").length).toBeGreaterThanOrEqual(5);
  const got = deltaText(res.events);

  // The upstream call was cancelled: the fake saw its connection close before the answer was complete.
  let upstream = requests[0];
  await eventually(async () => {
    [upstream] = to(await seen(tag), "vendorx");
    expect(upstream.closed_early).toBe(true);
  });
  expect(upstream.completed).toBe(false);
  expect(upstream.sent.length).toBeLessThan(upstream.answer.length);

  // One charge, for the text generated: at least what the client got, at most what the fake sent,
  // less than the whole answer would have cost.
  expect(added).toHaveLength(1);
  expect(added[0].type).toBe("charge");
  const charged = -added[0].amount;
  const input = 4 + countTokens(text);
  expect(charged).toBeGreaterThan(0);
  expect(charged).toBeGreaterThanOrEqual(creditsFor(rates, input, countTokens(got)));
  expect(charged).toBeLessThanOrEqual(creditsFor(rates, input, countTokens(upstream.sent)));
  expect(charged).toBeLessThan(creditsFor(rates, input, countTokens(upstream.answer)));
  expect(micro(before.balance) - micro(after.balance)).toBe(micro(charged));
  expect(after.reserved).toBe(0);
  // The server took the disconnect in its stride: no error went unhandled.
  expect(unhandledSince(mark)).toEqual([]);
});

test("a client that leaves a long-running JSON generation cancels the upstream call and pays only for what was generated", async () => {
  const rates = await ratesOf("scholar");
  const mark = logMark();
  const { result, requests, tag } = await whenTried("meter-leave-long", ["vendorx"], async (tag) => {
    const before = await snapshot();
    // 150 words, 0.12 s apart (18 s): past LONG_RUN_AFTER_MS the server sends 200 and spaces; the
    // client leaves at the first space.
    const text = prompt(tag, "words 150", "fault vendorx slow ms=120");
    const controller = new AbortController();
    const res = await fetch(`${state().baseURL}/api/public/v1/ai/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: text }),
      signal: controller.signal,
    });
    const first = await res.body!.getReader().read();
    controller.abort();
    return { status: res.status, first: new TextDecoder().decode(first.value), before, text, ...(await movedSince(before)) };
  });
  const { status, first, before, after, added, text } = result;
  expect(status).toBe(200);
  expect(first.trim()).toBe("");
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  let upstream = requests[0];
  await eventually(async () => {
    [upstream] = to(await seen(tag), "vendorx");
    expect(upstream.closed_early).toBe(true);
  });
  expect(upstream.completed).toBe(false);
  expect(added).toHaveLength(1);
  const charged = -added[0].amount;
  const input = 4 + countTokens(text);
  expect(charged).toBeGreaterThan(0);
  expect(charged).toBeLessThanOrEqual(creditsFor(rates, input, countTokens(upstream.sent)));
  expect(charged).toBeLessThan(creditsFor(rates, input, countTokens(upstream.answer)));
  expect(micro(before.balance) - micro(after.balance)).toBe(micro(charged));
  // Neither the beats nor the late body were written to the closed connection, and the abort was
  // not logged as a bug.
  await eventually(async () => expect(upstream.closed_early).toBe(true));
  expect(unhandledSince(mark)).toEqual([]);
});

test("a client that leaves a JSON generation before its answer is ready: logged at info, the upstream call cancelled, pays only for what was generated", async () => {
  const rates = await ratesOf("scholar");
  const mark = logMark();
  const { result, requests, tag } = await whenTried("meter-leave-json", ["vendorx"], async (tag) => {
    const before = await snapshot();
    // 150 words, 0.12 s apart (18 s); the client leaves as soon as the engine has generated some
    // text, long before the long-run threshold: not one byte of the answer went out.
    const text = prompt(tag, "words 150", "fault vendorx slow ms=120");
    const controller = new AbortController();
    const pending = fetch(`${state().baseURL}/api/public/v1/ai/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: text }),
      signal: controller.signal,
    }).then(
      () => "answered",
      (error: Error) => error.name,
    );
    await eventually(async () => expect(to(await seen(tag), "vendorx")[0]?.sent.length ?? 0).toBeGreaterThan(0));
    controller.abort();
    return { outcome: await pending, before, text, ...(await movedSince(before)) };
  });
  const { outcome, before, after, added, text } = result;
  expect(outcome).toBe("AbortError");
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  let upstream = requests[0];
  await eventually(async () => {
    [upstream] = to(await seen(tag), "vendorx");
    expect(upstream.closed_early).toBe(true);
  });
  expect(upstream.completed).toBe(false);
  // One charge, for the text generated until the client left.
  expect(added).toHaveLength(1);
  expect(added[0].type).toBe("charge");
  const charged = -added[0].amount;
  const input = 4 + countTokens(text);
  expect(charged).toBeGreaterThan(creditsFor(rates, input, 0));
  expect(charged).toBeLessThanOrEqual(creditsFor(rates, input, countTokens(upstream.sent)));
  expect(charged).toBeLessThan(creditsFor(rates, input, countTokens(upstream.answer)));
  expect(micro(before.balance) - micro(after.balance)).toBe(micro(charged));
  expect(after.reserved).toBe(0);
  // A client leaving is normal: one info line says so, nothing is logged as an error.
  await eventually(async () => {
    const lines = logLinesSince(mark);
    expect(lines.filter((l) => l.msg === "client disconnected" && l.level === 30)).not.toHaveLength(0);
  });
  const lines = logLinesSince(mark);
  expect(unhandledSince(mark)).toEqual([]);
  expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
});
