// Truncation is reported (`finish_reason`, /docs): an answer that reaches max_output_tokens says
// `length` on the native door (JSON and the done event) and on the OpenAI door (the choice, and the
// stream's last content chunk); a finished answer says `stop`; a continued answer reports how the
// whole answer ended. The fake vendors stop at the request's max_tokens and say so, as real ones do.
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { countTokens } from "../../server/ai/tokens";
import { recordingFetch } from "../fixtures/api";
import {
  aiKey, deltaText, expectChargeInLedger, expectOneTerminal, expectUsageOf, familiesOf, generate, generateStream, newTag, prompt, seen, whenTried,
} from "../fixtures/ai";
import { state } from "../fixtures/state";

let key: string;
let client: OpenAI;
let flush: () => Promise<void>;

test.beforeEach(async () => {
  key = await aiKey();
  const recorder = recordingFetch();
  flush = recorder.flush;
  client = new OpenAI({ apiKey: key, baseURL: `${state().baseURL}/api/public/v1/openai`, fetch: recorder.fetch, maxRetries: 0 });
});

test.afterEach(async () => {
  await flush();
});

test("native JSON: max_output_tokens 20 on a long answer → finish_reason length, the output cut at the limit and charged as sent", async () => {
  const since = Date.now();
  const tag = newTag("finish-length");
  const res = await generate(key, { prompt: prompt(tag, "words 80"), max_output_tokens: 20 });
  expect(res.status).toBe(200);
  const [request] = await seen(tag);
  expect(request.body.max_tokens).toBe(20);
  expect(res.body.finish_reason).toBe("length");
  expect(request.answer.startsWith(res.body.output)).toBe(true);
  expect(res.body.output.length).toBeLessThan(request.answer.length);
  expect(countTokens(res.body.output)).toBeLessThanOrEqual(20);
  await expectUsageOf(res.body.usage, "scholar", res.body.output);
  await expectChargeInLedger(res.body.usage.credits, since);
});

test("native stream: the done event says length for a cut answer, stop for a finished one", async () => {
  const cut = await generateStream(key, { prompt: prompt(newTag("finish-length-stream"), "words 80"), max_output_tokens: 20 });
  expect(expectOneTerminal(cut.events, "done").json.finish_reason).toBe("length");
  expect(countTokens(deltaText(cut.events))).toBeLessThanOrEqual(20);
  const whole = await generateStream(key, { prompt: prompt(newTag("finish-stop-stream"), "words 8"), max_output_tokens: 20 });
  expect(expectOneTerminal(whole.events, "done").json.finish_reason).toBe("stop");
});

test("native JSON: a finished answer → finish_reason stop", async () => {
  const tag = newTag("finish-stop");
  const res = await generate(key, { prompt: prompt(tag) });
  expect(res.status).toBe(200);
  expect(res.body.finish_reason).toBe("stop");
  expect(res.body.output).toBe((await seen(tag))[0].answer);
});

test("a continued answer that reaches the limit says length; the continuation only had what was left of it", async () => {
  const since = Date.now();
  const { result: res, requests } = await whenTried("finish-continued", ["vendorx", "vendory"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "words 80", "fault vendorx cut_after n=4"), max_output_tokens: 30 }),
  );
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  const [first, second] = requests;
  expect(first.body.max_tokens).toBe(30);
  expect(second.body.max_tokens).toBe(30 - countTokens(first.sent));
  const done = expectOneTerminal(res.events, "done");
  const text = deltaText(res.events);
  expect(done.json.finish_reason).toBe("length");
  expect(first.answer.startsWith(text)).toBe(true);
  await expectUsageOf(done.json.usage, "scholar", text);
  await expectChargeInLedger(done.json.usage.credits, since);
});

test("OpenAI door: max_tokens 20 → choices[0].finish_reason length (JSON), and on the stream's last content chunk", async () => {
  const completion = await client.chat.completions.create({
    model: "scholar",
    max_tokens: 20,
    messages: [{ role: "user", content: prompt(newTag("sdk-length"), "words 80") }],
  });
  expect(completion.choices[0].finish_reason).toBe("length");
  expect(completion.usage!.completion_tokens).toBeLessThanOrEqual(20);

  const stream = await client.chat.completions.create({
    model: "scholar",
    max_completion_tokens: 20,
    messages: [{ role: "user", content: prompt(newTag("sdk-length-stream"), "words 80") }],
    stream: true,
  });
  const reasons: (string | null)[] = [];
  for await (const chunk of stream) reasons.push(chunk.choices[0]?.finish_reason ?? null);
  expect(reasons.filter((r) => r !== null)).toEqual(["length"]);
  expect(reasons.at(-1)).toBe("length");
});

test("OpenAI door: a finished answer → stop, JSON and stream", async () => {
  const completion = await client.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: prompt(newTag("sdk-stop")) }] });
  expect(completion.choices[0].finish_reason).toBe("stop");
  const stream = await client.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: prompt(newTag("sdk-stop-stream")) }], stream: true });
  const reasons: (string | null)[] = [];
  for await (const chunk of stream) reasons.push(chunk.choices[0]?.finish_reason ?? null);
  expect(reasons.filter((r) => r !== null)).toEqual(["stop"]);
});
