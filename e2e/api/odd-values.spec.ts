// Odd values through every refusal that shows the caller's value: a value with spaces, the words
// "not a", an empty one and a very long one. Each is refused in the contract's shape, and where the
// message shows the value, it shows it quoted exactly once (server/vocab/quoted.ts), never spliced
// in as words ("The domain name not a domain has not a domain"); an empty one is said to be empty.
import { expect, test } from "@playwright/test";
import { quoted } from "../../server/vocab/quoted";
import { call } from "../fixtures/api";
import { freshKeys } from "../fixtures/fresh-keys";

const ODD = ["with some spaces", "not a", "", "x".repeat(300)];

/** `shown`: what the message quotes when it is not the value itself (a path holding it). */
type Case = { field: string; param?: string; path: (value: string) => string; body?: (value: string) => unknown; method?: string; empty?: "skip"; shown?: (value: string) => string };

const enc = encodeURIComponent;
let domain = "";

const cases: Case[] = [
  { field: "domain name", param: "name", path: () => "/v1/domains", body: (v) => ({ name: v }) },
  { field: "record name", param: "name", path: () => `/v1/domains/${domain}/records`, body: (v) => ({ type: "CNAME", name: v, value: "target.example.com" }) },
  { field: "CNAME target", param: "value", path: () => `/v1/domains/${domain}/records`, body: (v) => ({ type: "CNAME", name: "alias", value: v }) },
  { field: "mail server", param: "value", path: () => `/v1/domains/${domain}/records`, body: (v) => ({ type: "MX", name: "@", value: v, priority: 10 }) },
  { field: "SSH public key", param: "public_key", path: () => "/v1/ssh_keys", body: (v) => ({ name: "odd", public_key: v }) },
  { field: "product", param: "product", path: () => "/api/public/v1/ai/completions", body: (v) => ({ product: v, prompt: "Say hello." }) },
  { field: "OpenAI model", param: "model", path: () => "/api/public/v1/openai/chat/completions", body: (v) => ({ model: v, messages: [{ role: "user", content: "Say hello." }] }) },
  { field: "model in the path", path: (v) => `/api/public/v1/openai/models/${enc(v)}`, method: "GET", empty: "skip" },
  { field: "instance id in the path", path: (v) => `/v1/instances/${enc(v)}`, method: "GET", empty: "skip" },
  { field: "snapshot id in the path", path: (v) => `/v1/snapshots/${enc(v)}`, method: "GET", empty: "skip" },
  { field: "API key id in the path", path: (v) => `/v1/api_keys/${enc(v)}`, method: "GET", empty: "skip" },
  { field: "mistyped API prefix", path: (v) => `/api/v1/${enc(v)}`, method: "GET", empty: "skip", shown: (v) => `/api/v1/${v}` },
];

test("every refusal that shows an odd value shows it quoted, once", async () => {
  test.setTimeout(120_000);
  const keys = await freshKeys("odd values");
  const made = await call("POST", "/v1/domains", { key: keys.a, body: { name: `odd-${Date.now()}.example.com` } });
  expect(made.status, made.text).toBe(201);
  domain = made.body.domain.name;
  const seen: string[] = [];
  for (const c of cases) {
    for (const value of ODD) {
      if (value === "" && c.empty === "skip") continue;
      const method = c.method ?? "POST";
      const res = await call(method, c.path(value), { key: keys.a, ...(c.body ? { body: c.body(value) } : {}) });
      const what = `${c.field} ${JSON.stringify(value.slice(0, 20))}${value.length > 20 ? "…" : ""}`;
      expect.soft(res.status, `${what}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect.soft(res.status, `${what}: ${res.text}`).toBeLessThan(500);
      const error = res.body?.error;
      expect.soft(error, `${what}: the contract's error shape`).toMatchObject({ code: expect.any(String), message: expect.any(String), request_id: expect.stringMatching(/^req_/) });
      if (!error) continue;
      const message: string = error.message;
      if (c.param) expect.soft(error.param, `${what}: param`).toBe(c.param);
      seen.push(`${what} → ${message}`);
      if (value === "") {
        expect.soft(message, `${what}: an empty value is said to be empty`).toMatch(/empty|must not be empty|is required|""/);
        continue;
      }
      const shown = quoted(c.shown ? c.shown(value) : value);
      const count = message.split(shown).length - 1;
      expect.soft(count, `${what}: the value quoted once in ${JSON.stringify(message)}`).toBe(1);
      // Nowhere else, unquoted: the rest of the message does not splice the value in as words.
      const rest = message.split(shown).join("");
      if (value.length >= 5) expect.soft(rest.includes(value.slice(0, 40)), `${what}: unquoted in ${JSON.stringify(message)}`).toBe(false);
    }
  }
  console.log(seen.join("\n"));
});
