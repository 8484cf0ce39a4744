// Non-streaming generations that run past LONG_RUN_AFTER_MS (6 s in the e2e server): the 200 status and
// headers go out early, single spaces keep the connection alive, then the JSON body (the generation, as
// /docs shows it) — or, when everything fails after that point, `{"error": {...}}` as that body.
import { expect, test } from "@playwright/test";
import { aiKey, expectUsageOf, familiesOf, generate, prompt, whenTried } from "../fixtures/ai";

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

test.setTimeout(90_000);

test("an answer taking over 6 s: 200, leading spaces, then the generation as JSON", async () => {
  // 10 words, 0.8 s apart: under the 1 s idle gap, over 6 s in all.
  const { result: res, requests } = await whenTried("long-ok", ["vendorx"], (tag) =>
    generate(key, { prompt: prompt(tag, "words 10", "fault vendorx slow ms=800"), metadata: { job: "long" } }),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.text.startsWith(" ")).toBe(true);
  expect(res.text.trimStart().startsWith("{")).toBe(true);
  const body = JSON.parse(res.text.trim());
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  expect(body).toMatchObject({ object: "generation", product: "scholar", output: requests[0].answer, metadata: { job: "long" } });
  await expectUsageOf(body.usage, "scholar", body.output);
});

test("every family fails after the long-run point: the body is {\"error\": ...} behind the spaces", async () => {
  // Each family streams 4 words 0.7 s apart and is cut: three families ≈ 8.4 s, then nothing is left.
  const { result: res, requests } = await whenTried("long-fail", ["vendorx", "vendory", "vendorz"], (tag) =>
    generate(key, { prompt: prompt(tag, "words 30", "fault * slow ms=700", "fault * cut_after n=4") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory", "vendorz"]);
  expect(res.text.startsWith(" ")).toBe(true);
  const body = JSON.parse(res.text.trim());
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toMatchObject({ type: "api_error", code: "upstream_unavailable" });
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  // The partial answer is not passed off as a result.
  expect(res.text).not.toContain(requests[0].sent.trim());
});
