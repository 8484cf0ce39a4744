// sentinel, the second opinion: never on the service's own families (vendorx is `own`), and never
// on the family that produced the generation named in review_of (server/ai/routing/plan.ts). Its chains are
// vendorx/strong (dropped) → vendory/strong → vendorz/strong.
import { expect, test } from "@playwright/test";
import {
  aiKey, eventually, expectOneTerminal, familiesOf, generate, generateStream, heal, newTag, prompt, seen, to, whenTried,
} from "../fixtures/ai";
import { state } from "../fixtures/state";

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

/** A vision generation (vendory first) that vendory answered alone, as the fake's log shows. */
async function generationByVendory(): Promise<string> {
  const { result: res, requests } = await whenTried("by-vendory", ["vendory"], (tag) => generate(key, { product: "vision", prompt: prompt(tag) }));
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendory"]);
  expect(requests[0].completed).toBe(true);
  expect(res.body.output).toBe(requests[0].answer);
  return res.body.id as string;
}

test("review_of a generation vendory wrote: the review runs on neither vendory nor vendorx (own)", async () => {
  const reviewed = await generationByVendory();
  const { result: res, requests } = await whenTried("review", ["vendorz"], (tag) =>
    generate(key, { review_of: reviewed, prompt: prompt(tag), task: "review" }, "review"),
  );
  expect(res.status).toBe(200);
  expect(res.body.product).toBe("sentinel");
  expect(familiesOf(requests)).toEqual(["vendorz"]);
  expect(res.body.output).toBe(requests[0].answer);
});

test("review_of a generation vendory began and vendorz finished: the review runs on neither (nor on vendorx)", async () => {
  // vision: vendory/standard → vendorz/strong; vendory's answer is cut, vendorz continues it.
  const { result: written, requests } = await whenTried("by-two", ["vendory", "vendorz"], (tag) =>
    generateStream(key, { product: "vision", prompt: prompt(tag, "words 20", "fault vendory cut_after n=6") }),
  );
  expect(familiesOf(requests)).toEqual(["vendory", "vendorz"]);
  const reviewed = expectOneTerminal(written.events, "done").json.id as string;
  const tag = newTag("review-two");
  const res = await generate(key, { review_of: reviewed, prompt: prompt(tag) }, "review");
  // Every independent family wrote part of it: no engine may review it.
  expect(await seen(tag)).toEqual([]);
  expect(res.status).toBe(502);
  expect(res.body.error.code).toBe("upstream_unavailable");
});

test("review_of a generation the client left mid-stream (its id came in the OpenAI chunks): not reviewed by its writer", async () => {
  const written = newTag("by-vendory-cancelled");
  await heal("vendory");
  const controller = new AbortController();
  let id: string | undefined;
  let chunks = 0;
  const response = await fetch(`${state().baseURL}/api/public/v1/openai/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "vision", stream: true, messages: [{ role: "user", content: prompt(written, "words 100", "fault vendory slow ms=100") }] }),
    signal: controller.signal,
  });
  const decoder = new TextDecoder();
  try {
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const line of decoder.decode(bytes, { stream: true }).split("\n")) {
        if (!line.startsWith("data: {")) continue;
        const chunk = JSON.parse(line.slice(6));
        id ??= chunk.id;
        if (chunk.choices?.[0]?.delta?.content && ++chunks === 4) controller.abort();
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  expect(familiesOf(await seen(written))).toEqual(["vendory"]);
  expect(id).toMatch(/^gen_/);
  // The cancelled generation is recorded (and charged) once the server has seen the client go.
  let review: Awaited<ReturnType<typeof generate>> | undefined;
  const tag = newTag("review-cancelled");
  await eventually(async () => {
    review = await generate(key, { review_of: id, prompt: prompt(tag) }, "review");
    expect(review.status).not.toBe(404);
  });
  expect(review!.status).toBe(200);
  expect(familiesOf(await seen(tag))).toEqual(["vendorz"]);
});

test("review_of a vendory generation when the one allowed family fails: 502, never vendory or vendorx", async () => {
  const reviewed = await generationByVendory();
  const { result: res, requests } = await whenTried("review-down", ["vendorz"], (tag) =>
    generate(key, { review_of: reviewed, prompt: prompt(tag, "fault vendorz status code=503") }, "review"),
  );
  expect(res.status).toBe(502);
  expect(res.body.error.code).toBe("upstream_unavailable");
  expect(familiesOf(requests)).toEqual(["vendorz", "vendorz"]);
});

test("a review without review_of runs on the first independent family (vendory), never on vendorx", async () => {
  const { result: res, requests } = await whenTried("review-plain", ["vendory"], (tag) => generate(key, { prompt: prompt(tag) }, "review"));
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendory"]);
});

test("sentinel completions skip vendorx (own) even when every other family fails", async () => {
  const { result: res, requests } = await whenTried("sentinel-down", ["vendory", "vendorz"], (tag) =>
    generate(key, { product: "sentinel", prompt: prompt(tag, "fault * status code=503") }),
  );
  expect(res.status).toBe(502);
  expect(to(requests, "vendorx")).toEqual([]);
  expect(familiesOf(requests)).toEqual(["vendory", "vendory", "vendorz", "vendorz"]);
});

test("review_of another workspace's generation, or an unknown one → 404 not_found; nothing reaches a vendor", async () => {
  const { b } = state();
  const theirs = await generate(key, { prompt: prompt(newTag("theirs")) });
  expect(theirs.status).toBe(200);
  for (const reviewOf of [theirs.body.id, "gen_01aaaaaaaaaaaaaaaaaaaaaaaa"]) {
    const tag = newTag("review-404");
    const res = await generate(b.readWriteKey, { review_of: reviewOf, prompt: prompt(tag) }, "review");
    expect(res.status, reviewOf).toBe(404);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "not_found", param: "review_of" });
    expect(await seen(tag)).toEqual([]);
  }
  // The owner's own review of it goes through.
  const own = await generate(key, { review_of: theirs.body.id, prompt: prompt(newTag("review-own")) }, "review");
  expect(own.status).toBe(200);
});
