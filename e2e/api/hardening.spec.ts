// Limits and headers around the APIs and the console: tRPC batches and bodies capped, next-auth
// bodies capped, security headers on pages and APIs, answers with a secret never cached, the
// console's per-user call rate, and console calls JSON only, mutations from the console's own pages.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { trpcQuery } from "../fixtures/console-session";
import { newMember } from "../fixtures/new-member";
import { refusingUrl } from "../fixtures/receiver";
import { state } from "../fixtures/state";

const bigBody = "x".repeat(8 * 1024 * 1024);

test("a tRPC batch of more than 10 calls is refused; 10 are served", async () => {
  const batch = (n: number) => `/api/trpc/${Array(n).fill("instances.catalog").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;
  const eleven = await call("GET", batch(11));
  expect(eleven.status).toBe(400);
  const ten = await call("GET", batch(10));
  expect(ten.status).not.toBe(400); // each call answers (UNAUTHORIZED here: no session)
  expect(ten.body).toHaveLength(10);
});

test("8 MiB bodies are refused by tRPC and next-auth before parsing, like the REST routes", async () => {
  const trpc = await call("POST", "/api/trpc/account.signUp", { rawBody: bigBody, headers: { "content-type": "application/json" } });
  expect(trpc.status).toBe(413);
  expect(trpc.body.error.code).toBe("input_too_large");
  const auth = await call("POST", "/api/auth/callback/credentials", { rawBody: bigBody, headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(auth.status).toBe(413);
});

test("console pages carry a nonce CSP that forbids framing, and the other security headers", async () => {
  const first = await call("GET", "/sign-in");
  const second = await call("GET", "/sign-in");
  const csp = first.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-eval");
  expect(second.headers.get("content-security-policy")).not.toBe(csp); // a fresh nonce per request
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(first.text).toContain(`nonce="${nonce}"`); // Next put it on its scripts
  for (const res of [first, await call("GET", "/v1/catalog", { key: state().a.readKey })]) {
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
  }
  expect(first.headers.get("strict-transport-security")).toBeNull(); // served over http here
});

test("answers that carry a secret shown once are never cached", async () => {
  const key = state().a.readWriteKey;
  const created = await call("POST", "/v1/api_keys", { key, body: { name: "no-store", scope: "read" } });
  expect(created.headers.get("cache-control")).toBe("no-store");
  const hook = await call("POST", "/v1/webhooks", { key, body: { url: await refusingUrl(), events: ["*"] } });
  expect(hook.headers.get("cache-control")).toBe("no-store");
  const rotated = await call("POST", `/v1/webhooks/${hook.body.webhook.id}/rotate_secret`, { key });
  expect(rotated.headers.get("cache-control")).toBe("no-store");
  const trpc = await call("GET", `/api/trpc/instances.catalog?input=${encodeURIComponent("{}")}`);
  expect(trpc.headers.get("cache-control")).toBe("no-store");
});

test("a NUL byte or a control character in an id, a cursor or a name is a 400 naming it, never a 500", async () => {
  const key = state().a.readWriteKey;
  const cases = [
    await call("GET", "/v1/ssh_keys/ssh_%00", { key }),
    await call("GET", "/v1/ssh_keys?cursor=%00", { key }),
    await call("GET", "/v1/ssh_keys?cursor=bogus", { key }),
    await call("POST", "/v1/api_keys", { key, body: { name: "a\u0000b", scope: "read" } }),
    await call("POST", "/v1/api_keys", { key, body: { name: "bell\u0007", scope: "read" } }),
    await call("POST", "/v1/domains", { key, body: { name: "x\u0000.example.com" } }),
    await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "hi", metadata: { "k\u0000": "v" } } }),
  ];
  for (const res of cases) {
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe("invalid_body");
    expect(res.body.error.param).toBeTruthy();
  }
  expect(cases[2].body.error).toMatchObject({ param: "cursor", message: expect.stringMatching(/next_cursor/) });
  const ok = await call("GET", "/v1/ssh_keys?limit=1", { key });
  if (ok.body.next_cursor) expect((await call("GET", `/v1/ssh_keys?cursor=${ok.body.next_cursor}`, { key })).status).toBe(200);
});

test("an image URL that points inside is refused before any engine is asked to fetch it", async () => {
  const key = state().c.readWriteKey;
  for (const url of ["https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/cat.png", "https://[::ffff:127.0.0.1]/x.png"]) {
    const res = await call("POST", "/api/public/v1/ai/completions", {
      key,
      body: { product: "vision", messages: [{ role: "user", content: [{ type: "text", text: "what is this" }, { type: "image", url }] }] },
    });
    expect(res.status, url).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_body", param: "messages.0.content.1.url" });
    expect(res.body.error.message).toMatch(/images are fetched only from public addresses/);
  }
});

// Issue 38, row 7: a cross-site form could POST `multipart/form-data` (no CORS preflight) to a
// mutation with the victim's cookie, and a JSON POST from another Origin was served.
test("console calls take JSON only (415), and a mutation from another site is refused (403), its session untouched", async () => {
  const member = await newMember("csrf", { verified: false });
  const form = new FormData();
  form.set("0", JSON.stringify({ json: null }));
  const multipart = await call("POST", "/api/trpc/account.signOutEverywhere", { rawBody: form, headers: { cookie: member.cookie } });
  expect(multipart.status, multipart.text).toBe(415);
  expect(multipart.body.error).toMatchObject({ code: "unsupported_media_type" });
  const plain = await call("POST", "/api/trpc/twoFactor.start", { rawBody: "{}", headers: { cookie: member.cookie, "content-type": "text/plain" } });
  expect(plain.status, plain.text).toBe(415);
  const foreignHeaders: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site", origin: "https://sibling.example" }];
  for (const headers of foreignHeaders) {
    const foreign = await call("POST", "/api/trpc/account.signOutEverywhere", { body: {}, headers: { cookie: member.cookie, ...headers } });
    expect(foreign.status, `${JSON.stringify(headers)}: ${foreign.text}`).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: "forbidden" });
  }
  // Nothing of it ran: the session still works, and a same-origin call is served.
  expect((await trpcQuery(member.cookie, "workspace.current")).status).toBe(200);
  const own = await call("POST", "/api/trpc/twoFactor.start", { body: {}, headers: { cookie: member.cookie, origin: state().baseURL, "sec-fetch-site": "same-origin" } });
  expect(own.status, own.text).toBe(200);
});
