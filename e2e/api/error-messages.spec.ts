// The mistakes new users make, over HTTP: each answer names the field and says what to send
// instead (another API's field names, missing fields with where to find a value, refusals that
// suggest what works, limits that agree). Also every 405 names the route's methods in `Allow`.
import { expect, test } from "@playwright/test";
import { call, errorOf } from "../fixtures/api";
import { aiKey, generate, newTag, prompt, seen } from "../fixtures/ai";
import type { Endpoint } from "../../server/vocab/endpoints";
import { sessionOf, send } from "../fixtures/console-session";
import { state } from "../fixtures/state";
import { publicRoutesOnDisk } from "../../test/kits/route-files";

// A public IP literal: the address guard resolves names, and nothing resolves in the test sandbox.
const IMAGE = "https://93.184.216.34/screenshot.png";
const instance = { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: "ssh_01jd0v6x4m8q2r5t7w9y1b3c5e", hostname: "web-1" };

type Mistake = {
  name: string;
  method?: string;
  path: string;
  body: unknown;
  status: number;
  code: string;
  param?: string;
  says: (string | RegExp)[];
  never?: string[];
};

const ai = (endpoint: Endpoint) => `/api/public/v1/ai/${endpoint}`;

const mistakes: Mistake[] = [
  {
    name: "an instance without ssh_key_id",
    path: "/v1/instances",
    body: { ...instance, ssh_key_id: undefined },
    status: 400, code: "invalid_body", param: "ssh_key_id",
    says: ["`ssh_key_id` is required: an `ssh_...` id from GET /v1/ssh_keys"],
    never: ["Invalid input", "undefined"],
  },
  {
    name: "an instance with no fields: every missing one at once",
    path: "/v1/instances",
    body: {},
    status: 400, code: "invalid_body", param: "product",
    says: ["Missing required fields", "`product`", "`plan`", "`region`", "`ssh_key_id`", "`hostname`", "GET /v1/catalog"],
  },
  {
    name: "a DigitalOcean droplet body on instance create",
    path: "/v1/instances",
    body: { name: "web-1", region: "fra1", size: "s-1vcpu-1gb", image: "ubuntu-24.04", ssh_keys: [instance.ssh_key_id] },
    status: 400, code: "invalid_body", param: "name",
    says: ["`name`: this API names the instance by its `hostname`", "`size`: this API names the size in `plan`", "`ssh_key_id`"],
  },
  {
    name: "`model` on a native endpoint",
    path: ai("completions"),
    body: { model: "scholar", prompt: "hi" },
    status: 400, code: "invalid_body", param: "model",
    says: ["Unknown field `model`: this API names the product in `product`"],
  },
  {
    name: "`max_tokens` on a native endpoint",
    path: ai("completions"),
    body: { prompt: "hi", max_tokens: 50 },
    status: 400, code: "invalid_body", param: "max_tokens",
    says: ["`max_output_tokens`"],
  },
  {
    name: "OpenAI's image_url part on a native endpoint",
    path: ai("completions"),
    body: { product: "vision", messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: IMAGE } }] }] },
    status: 400, code: "invalid_body", param: "messages.0.content.0.type",
    says: ['{"type": "image", "url": "https://..."}'],
  },
  {
    name: "a wrong type",
    path: ai("completions"),
    body: { prompt: "hi", risk: "high" },
    status: 400, code: "invalid_body", param: "risk",
    says: ["`risk` must be a number, not a string (sent: \"high\")."],
  },
  {
    name: "a value out of range",
    path: ai("completions"),
    body: { prompt: "hi", temperature: 5 },
    status: 400, code: "invalid_body", param: "temperature",
    says: ["`temperature` must be at most 2."],
  },
  {
    name: "a typo in a field name",
    path: "/v1/ssh_keys",
    body: { name: "k", publc_key: "ssh-ed25519 AAAA" },
    status: 400, code: "invalid_body", param: "publc_key",
    says: ["did you mean `public_key`?"],
  },
  {
    name: "a typo in a nested field name",
    path: "/v1/api_keys",
    body: { name: "k", scope: "read", rate_limits: { generation: 3 } },
    status: 400, code: "invalid_body", param: "rate_limits.generation",
    says: ["Unknown field `rate_limits.generation` in the body: did you mean `generate`?"],
  },
  {
    name: "a scope that does not exist",
    path: "/v1/api_keys",
    body: { name: "k", scope: "admin" },
    status: 400, code: "invalid_body", param: "scope",
    says: ["`scope` must be one of `read`, `read_write` (sent: \"admin\")."],
  },
  {
    name: "sentinel on the code endpoint",
    path: ai("code"),
    body: { product: "sentinel", prompt: "hi" },
    status: 400, code: "product_not_allowed", param: "product",
    says: ["POST /api/public/v1/ai/review", "sentinel"],
  },
  {
    name: "an image for review",
    path: ai("review"),
    body: { messages: [{ role: "user", content: [{ type: "text", text: "look" }, { type: "image", url: IMAGE }] }] },
    status: 400, code: "product_not_allowed", param: "product",
    says: ["POST /api/public/v1/ai/completions", "vision"],
  },
  {
    name: "a body over 1 MiB on the AI API",
    path: ai("completions"),
    body: { prompt: "a ".repeat(600 * 1024) },
    status: 413, code: "input_too_large",
    says: ["1 MiB", "`https://` URLs"],
  },
];

for (const mistake of mistakes) {
  test(`${mistake.name} → ${mistake.status} ${mistake.code}${mistake.param ? ` (${mistake.param})` : ""}, saying what to do`, async () => {
    const key = mistake.path.startsWith("/api/") ? await aiKey() : state().a.readWriteKey;
    const res = await call(mistake.method ?? "POST", mistake.path, { key, body: mistake.body });
    expect(res.status, res.text).toBe(mistake.status);
    expect(res.body.error.code).toBe(mistake.code);
    expect(res.body.error.param).toBe(mistake.param);
    for (const words of mistake.says) expect(res.body.error.message).toMatch(typeof words === "string" ? new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : words);
    for (const words of mistake.never ?? []) expect(res.body.error.message).not.toContain(words);
  });
}

test("following suggested_product on the same endpoint succeeds", async () => {
  const key = await aiKey();
  const tag = newTag("follow-suggestion");
  const refused = await generate(key, { product: "sentinel", prompt: prompt(tag) }, "code");
  expect(refused.body.error).toMatchObject({ code: "product_not_allowed", suggested_product: "scholar" });
  expect(refused.body.error.message).toContain("POST /api/public/v1/ai/review");
  const followed = await generate(key, { product: refused.body.error.suggested_product, prompt: prompt(tag) }, "code");
  expect(followed.status, followed.text).toBe(200);
  expect(followed.body.product).toBe("scholar");
  expect((await seen(tag)).length).toBe(1);
});

test("switchyard/<product> on a native endpoint answers as that product", async () => {
  const res = await generate(await aiKey(), { product: "switchyard/fire", prompt: prompt(newTag("prefixed")) });
  expect(res.status, res.text).toBe(200);
  expect(res.body.product).toBe("fire");
});

test("the console's validation errors speak the same words", async () => {
  const { a } = state();
  const cookie = await sessionOf(a.email, a.password);
  const answer = await send("POST", "/api/trpc/sshKeys.create", { cookies: [cookie], json: { json: { projectId: a.projectId, key: { name: "k" } } } });
  const error = JSON.parse(answer.text).error.json;
  expect(answer.status).toBe(400);
  expect(error.message).toBe("`key.public_key` is required.");
  expect(error.data.fieldErrors).toEqual({ public_key: "is required" });
});

test("every 405 names the route's methods in Allow", async () => {
  const served = new Map<string, string[]>();
  for (const route of publicRoutesOnDisk()) served.set(route.path, [...(served.get(route.path) ?? []), route.method]);
  const order = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  for (const [path, methods] of served) {
    const concrete = path.replace(/\{\w+\}/g, "zz_0");
    const allow = order.filter((m) => methods.includes(m)).join(", ");
    for (const method of order.filter((m) => !methods.includes(m))) {
      const res = await call(method, concrete);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(errorOf(res.body).code).toBe("method_not_allowed");
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(errorOf(res.body).message).toContain(allow);
    }
  }
  // A path no route has is still a 404, without Allow.
  const missing = await call("GET", "/v1/no_such_thing");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("allow")).toBeNull();
});

test("the OpenAPI document names its server: the origin the request reached", async () => {
  const res = await call("GET", "/api/openapi.json");
  expect(res.body.servers).toEqual([{ url: state().baseURL }]);
});

test("the image part's limit is the body's: the schema, the document and the 413 agree", async () => {
  const doc = (await call("GET", "/api/openapi.json")).body;
  const part = JSON.stringify(doc.components.schemas.GenerationRequest);
  expect(part).toContain('"maxLength":1048576');
  expect(part).not.toContain("20971520");
  const res = await generate(await aiKey(), { product: "vision", messages: [{ role: "user", content: [{ type: "image", url: `data:image/png;base64,${"A".repeat(1024 * 1024)}` }] }] });
  expect(res.status).toBe(413);
  expect(res.body.error).toMatchObject({ code: "input_too_large", limit: 1048576 });
  expect(res.body.error.message).toContain("`https://` URLs");
});

test("/docs is one light page of HTML: every operation, no script", async () => {
  const res = await fetch(`${state().baseURL}/docs`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).not.toContain("<script");
  // One page for every operation and guide grows with them (410 KB with issue 42's guide and the
  // table regions a phone scrolls, 481 KB with the doors' field-policy tables and the payment
  // endpoints); it travels gzipped (server/http/page-compression.ts).
  expect(html.length).toBeLessThan(520_000);
  const zipped = await fetch(`${state().baseURL}/docs`, { headers: { "accept-encoding": "gzip" } });
  expect(zipped.headers.get("content-encoding")).toBe("gzip");
  const doc = (await call("GET", "/api/openapi.json")).body;
  for (const item of Object.values(doc.paths) as Record<string, { summary: string; operationId: string }>[]) {
    for (const op of Object.values(item)) expect(html).toContain(`id="${op.operationId}"`);
  }
  expect(html).toContain("1 MiB");
});
