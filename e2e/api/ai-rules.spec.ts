// The generation request's rules (server/ai/rules.ts), over HTTP: which product may serve which endpoint
// and input, empty and oversized input, field limits, metadata echoed back, and the public product list.
// Refusals happen before any upstream call (the fake sees nothing for their tags).
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { aiKey, generate, generateStream, prompt, newTag, seen } from "../fixtures/ai";
import type { Endpoint } from "../../server/vocab/endpoints";

const PRODUCTS = ["fire", "scholar", "advanced", "vision", "sentinel"];
// A public IP literal: the address guard resolves names, and nothing resolves in the test sandbox.
const image = { type: "image", url: "https://93.184.216.34/screenshot.png" };

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

test("GET /api/public/v1/ai/products with no key: the five products with live rates and limits", async () => {
  const res = await call("GET", "/api/public/v1/ai/products");
  expect(res.status).toBe(200);
  expect(res.body.object).toBe("list");
  expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual([...PRODUCTS].sort());
  for (const product of res.body.data) {
    expect(product.description.length, product.id).toBeGreaterThan(0);
    expect(product.endpoints.length, product.id).toBeGreaterThan(0);
    expect(product.rates, product.id).toMatchObject({ input_per_million_tokens: expect.any(Number), output_per_million_tokens: expect.any(Number) });
    expect(product.rates.output_per_million_tokens, product.id).toBeGreaterThan(0);
    expect(Date.parse(product.rates.updated_at), product.id).not.toBeNaN();
    expect(product.limits.max_input_tokens, product.id).toBeGreaterThan(0);
    expect(product.limits.max_output_tokens, product.id).toBeGreaterThan(0);
  }
  expect(res.body.data.find((p: { id: string }) => p.id === "sentinel").endpoints).toEqual(["completions", "review"]);
  expect(res.body.data.find((p: { id: string }) => p.id === "fire").endpoints).toEqual(["completions"]);
});

for (const [endpoint, body, suggested] of [
  ["code", { product: "fire" }, "scholar"],
  ["code", { product: "sentinel" }, "scholar"],
  ["review", { product: "scholar" }, "sentinel"],
  ["review", { product: "advanced" }, "sentinel"],
  ["completions", { product: "scholar", image: true }, "vision"],
  ["code", { image: true }, "vision"],
] as [Endpoint, { product?: string; image?: boolean }, string][]) {
  test(`${endpoint} with ${body.product ?? "the default product"}${body.image ? " and an image" : ""} → product_not_allowed, suggests ${suggested}`, async () => {
    const tag = newTag("not-allowed");
    const content = body.image ? [{ type: "text", text: prompt(tag) }, image] : prompt(tag);
    const res = await generate(key, { ...(body.product ? { product: body.product } : {}), messages: [{ role: "user", content }] }, endpoint);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "product_not_allowed", suggested_product: suggested });
    expect(res.body.error.message).toContain(suggested);
    expect(await seen(tag)).toEqual([]);
  });
}

test("an image whose host name does not resolve: the product rule answers first, suggesting vision", async () => {
  const tag = newTag("rule-first");
  const unresolved = { type: "image", url: "https://images.not-yet.invalid/screenshot.png" };
  const res = await generate(key, { product: "scholar", messages: [{ role: "user", content: [{ type: "text", text: prompt(tag) }, unresolved] }] });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "product_not_allowed", suggested_product: "vision" });
  // With vision the URL is checked, and still refused: an engine fetches it, not a guarded delivery.
  const vision = await generate(key, { product: "vision", messages: [{ role: "user", content: [{ type: "text", text: prompt(tag) }, unresolved] }] });
  expect(vision.status).toBe(400);
  expect(vision.body.error).toMatchObject({ code: "invalid_body", param: "messages.0.content.1.url" });
  expect(vision.body.error.message).toMatch(/does not resolve/);
  expect(await seen(tag)).toEqual([]);
});

test("an image with vision is accepted (the vision engine sees it)", async () => {
  const tag = newTag("vision-ok");
  const res = await generate(key, { product: "vision", messages: [{ role: "user", content: [{ type: "text", text: prompt(tag) }, image] }] });
  expect(res.status).toBe(200);
  expect(res.body.product).toBe("vision");
  const requests = await seen(tag);
  expect(JSON.stringify(requests.at(-1)!.messages)).toContain(image.url);
});

test("an unknown product → unknown_product, and the message lists the five", async () => {
  const res = await generate(key, { product: "gpt-4o", prompt: "hello" });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "unknown_product", param: "product" });
  for (const product of PRODUCTS) expect(res.body.error.message).toContain(product);
});

for (const [label, body] of [
  ["a whitespace-only prompt", { prompt: " \n\t " }],
  ["an empty prompt", { prompt: "" }],
  ["messages with only whitespace", { messages: [{ role: "system", content: "  " }, { role: "user", content: "\n" }] }],
  ["messages whose text parts are whitespace", { messages: [{ role: "user", content: [{ type: "text", text: "   " }] }] }],
  ["neither prompt nor messages", {}],
  ["no messages at all (messages: [])", { messages: [] }],
  ["messages without any part", { messages: [{ role: "user", content: [] }] }],
] as [string, Record<string, unknown>][]) {
  test(`${label} → 400 empty_input, streaming or not, on both doors`, async () => {
    const res = await generate(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "empty_input" });
    // Refused before the stream starts: an ordinary JSON error.
    const streamed = await generateStream(key, body);
    expect(streamed.status).toBe(400);
    expect(streamed.body.error).toMatchObject({ code: "empty_input" });
    if (!("messages" in body)) return;
    const door = await call("POST", "/api/public/v1/openai/chat/completions", { key, body: { model: "scholar", ...body } });
    expect(door.status).toBe(400);
    expect(door.body.error).toMatchObject({ type: "invalid_request_error", code: "empty_input" });
  });
}

test("both prompt and messages → 400 invalid_body", async () => {
  const res = await generate(key, { prompt: "hi", messages: [{ role: "user", content: "hi" }] });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe("invalid_body");
});

test("a body over 1 MiB → 413 input_too_large with limit", async () => {
  const res = await generate(key, { prompt: "a ".repeat(600 * 1024) });
  expect(res.status).toBe(413);
  expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "input_too_large", limit: 1024 * 1024 });
});

test("input tokens over the product's max_input_tokens → 413 input_too_large with that limit", async () => {
  const products = (await call("GET", "/api/public/v1/ai/products")).body.data;
  const fire = products.find((p: { id: string }) => p.id === "fire").limits.max_input_tokens as number;
  const scholar = products.find((p: { id: string }) => p.id === "scholar").limits.max_input_tokens as number;
  expect(fire).toBeLessThan(scholar);
  const tag = newTag("too-many-tokens");
  // " word" is one token: a little over fire's limit, well under 1 MiB and under scholar's limit.
  const text = `${prompt(tag)}${" word".repeat(fire + 100)}`;
  const res = await generate(key, { product: "fire", prompt: text });
  expect(res.status).toBe(413);
  expect(res.body.error).toMatchObject({ code: "input_too_large", limit: fire });
  expect(await seen(tag)).toEqual([]);
});

test("max_output_tokens over the product's max → 400 invalid_body naming it; at the max it is accepted", async () => {
  const products = (await call("GET", "/api/public/v1/ai/products")).body.data;
  const max = products.find((p: { id: string }) => p.id === "fire").limits.max_output_tokens as number;
  const over = await generate(key, { product: "fire", prompt: "hello", max_output_tokens: max + 1 });
  expect(over.status).toBe(400);
  expect(over.body.error).toMatchObject({ code: "invalid_body", param: "max_output_tokens" });
  const scholarMax = products.find((p: { id: string }) => p.id === "scholar").limits.max_output_tokens as number;
  const atMax = await generate(key, { prompt: prompt(newTag("at-max")), max_output_tokens: scholarMax });
  expect(atMax.status).toBe(200);
});

test("metadata is echoed back with the generation", async () => {
  const metadata = { ticket: "T-42", team: "docs" };
  const res = await generate(key, { prompt: prompt(newTag("meta")), metadata, task: "explain", risk: 0.2 });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ object: "generation", product: "scholar", metadata });
  expect(res.body.id).toMatch(/^gen_/);
  expect(Date.parse(res.body.created_at)).not.toBeNaN();
});

test("unknown fields and bad values name the field", async () => {
  for (const [body, param] of [
    [{ prompt: "hi", temperatur: 1 }, "temperatur"],
    [{ prompt: "hi", risk: 2 }, "risk"],
    [{ prompt: "hi", task: "Not A Task" }, "task"],
    [{ prompt: "hi", review_of: "gen_x" }, "review_of"],
  ] as [Record<string, unknown>, string][]) {
    const res = await generate(key, body);
    expect(res.status, param).toBe(400);
    expect(res.body.error, param).toMatchObject({ code: "invalid_body", param });
  }
});
