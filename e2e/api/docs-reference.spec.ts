// /docs as served: the error codes table, a curl example per operation, and the rate-limit example
// a fresh key of the starter tier really gets (components/docs/reference-page.test.ts checks the rest).
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { state } from "../fixtures/state";

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

test("GET /docs: the error codes table, curl examples, and the RateLimit-Policy a key gets", async () => {
  const page = await (await fetch(`${state().baseURL}/docs`)).text();
  expect(page).toContain('id="error-codes"');
  expect(page).toContain('<tr id="error-rate_limited"><td><code>rate_limited</code></td><td>429</td>');
  expect(page.match(/<h4>Example<\/h4><pre[^>]*>curl /g)?.length).toBe(page.match(/<section class="op" id="(get|post|patch|put|delete)/g)?.length);
  const res = await call("GET", "/v1/catalog", { key: state().a.readKey });
  const policy = res.headers.get("ratelimit-policy")!;
  expect(policy).toMatch(/^"api";q=\d+;w=60$/);
  expect(page).toContain(`RateLimit-Policy: ${html(policy)}`);
});
