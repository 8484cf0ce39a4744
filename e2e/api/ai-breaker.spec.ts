// The circuit breaker per model family (BREAKER_FAILURES=3, BREAKER_COOLDOWN_SECONDS=3 in the e2e
// server): after 3 failures in a row the family is skipped entirely, and after the cooldown one
// probe reaches it again. Only product fire routes through vendorw (then the built-in sandbox), and
// only this spec sends fire generations, so vendorw's failures are this spec's alone.
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { aiKey, familiesOf, generate, newTag, prompt, seen } from "../fixtures/ai";

// vendorw's circuit is one shared state: these tests run one after the other.
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test("3 failures in a row open vendorw's circuit; after the cooldown one probe reaches it again", async () => {
  const key = await aiKey();
  const fire = async (...directives: string[]) => {
    const tag = newTag("breaker");
    const res = await generate(key, { product: "fire", prompt: prompt(tag, ...directives) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.output.length).toBeGreaterThan(0);
    // The sandbox builds its answer from prompt words: never the family the prompt names.
    expect(res.body.output.toLowerCase()).not.toContain("vendorw");
    return { res, requests: await seen(tag) };
  };

  // Precondition: the circuit is closed (a success resets the count). Left open by an earlier run
  // sharing Redis, it is waited out.
  await expect(async () => {
    const { res, requests } = await fire();
    expect(familiesOf(requests)).toEqual(["vendorw"]);
    expect(res.body.output).toBe(requests[0].answer);
  }).toPass({ timeout: 15_000, intervals: [3_500] });

  // Failures 1 to 3: each reaches vendorw (the circuit does not open before the third), once (a
  // cut stream is not retried).
  for (let i = 1; i <= 3; i++) {
    const { res, requests } = await fire("fault vendorw cut_after n=0");
    expect(familiesOf(requests), `failure ${i}`).toEqual(["vendorw"]);
    expect(requests[0].faults).toEqual(["cut_after"]);
    // The sandbox answered instead: not the fake's text.
    expect(res.body.output).not.toBe(requests[0].answer);
    expect(res.body.routing.escalated).toBe(true);
  }

  // Open: the next request never reaches vendorw, and still gets an answer (from the sandbox).
  const skipped = await fire();
  expect(skipped.requests).toEqual([]);
  expect(skipped.res.body.routing.escalated).toBe(true);

  // After the cooldown: one probe reaches vendorw; its success closes the circuit again.
  await sleep(3_500);
  const probe = await fire();
  expect(familiesOf(probe.requests)).toEqual(["vendorw"]);
  expect(probe.res.body.output).toBe(probe.requests[0].answer);
  const after = await fire();
  expect(familiesOf(after.requests)).toEqual(["vendorw"]);
});

test("a probe that fails opens the circuit again for another cooldown", async () => {
  const key = await aiKey();
  const fire = async (...directives: string[]) => {
    const tag = newTag("breaker-probe");
    const res = await generate(key, { product: "fire", prompt: prompt(tag, ...directives) });
    expect(res.status, res.text).toBe(200);
    return await seen(tag);
  };
  await expect(async () => expect(familiesOf(await fire())).toEqual(["vendorw"])).toPass({ timeout: 15_000, intervals: [3_500] });
  for (let i = 0; i < 3; i++) expect(familiesOf(await fire("fault vendorw cut_after n=0"))).toEqual(["vendorw"]);
  expect(await fire()).toEqual([]);
  await sleep(3_500);
  // The probe fails...
  expect(familiesOf(await fire("fault vendorw cut_after n=0"))).toEqual(["vendorw"]);
  // ...so the family is skipped again at once.
  expect(await fire()).toEqual([]);
});
