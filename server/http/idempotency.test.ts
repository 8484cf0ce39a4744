import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { idempotent } from "./idempotency";
import { claimKey, completeKey, releaseKey, sweepExpiredKeys } from "./idempotency-store";
import { parseBody } from "./parse-body";
import { createKeyInput } from "../keys/schema";

beforeAll(async () => {
  await migrate();
});

const row = (projectId: string, key: string) => db().idempotencyKey.findUnique({ where: { projectId_key: { projectId, key } } });

describe("idempotency store", () => {
  it("claims once; the same request is running, then replays; another request is a mismatch", async () => {
    const projectId = newId("prj");
    const first = { projectId, key: "k1", fingerprint: "POST /v1/x sha256:a", requestId: newId("req") };
    expect(await claimKey(first)).toEqual({ outcome: "claimed" });
    expect(await claimKey({ ...first, requestId: newId("req") })).toEqual({ outcome: "running" });
    expect(await claimKey({ ...first, fingerprint: "POST /v1/x sha256:b", requestId: newId("req") })).toEqual({ outcome: "mismatch" });
    expect(await completeKey(first, 201, '{"ok":true}')).toBe(true);
    expect(await claimKey({ ...first, requestId: newId("req") })).toEqual({ outcome: "replay", status: 201, body: '{"ok":true}' });
    expect(await claimKey({ ...first, fingerprint: "DELETE /v1/x sha256:a", requestId: newId("req") })).toEqual({ outcome: "mismatch" });
    const stored = await row(projectId, "k1");
    expect(stored).toMatchObject({ state: "done", requestId: first.requestId, responseStatus: 201 });
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(ttl).toBe(24 * 3600 * 1000);
  });

  it("release (the 5xx path) forgets the claim so that the retry runs; only the holder may release or complete", async () => {
    const projectId = newId("prj");
    const holder = { projectId, key: "k", fingerprint: "POST /v1/x sha256:a", requestId: newId("req") };
    await claimKey(holder);
    expect(await releaseKey({ ...holder, requestId: newId("req") })).toBe(false);
    expect(await completeKey({ ...holder, requestId: newId("req") }, 200, "{}")).toBe(false);
    expect(await releaseKey(holder)).toBe(true);
    expect(await row(projectId, "k")).toBeNull();
    const retry = { ...holder, requestId: newId("req") };
    expect(await claimKey(retry)).toEqual({ outcome: "claimed" });
    expect(await completeKey(retry, 200, "{}")).toBe(true);
    expect(await releaseKey(retry)).toBe(false); // a finished answer is never released
    expect(await completeKey(holder, 500, "{}")).toBe(false);
  });

  it("keys are per project", async () => {
    const a = { projectId: newId("prj"), key: "shared", fingerprint: "POST /v1/x sha256:a", requestId: newId("req") };
    const b = { projectId: newId("prj"), key: "shared", fingerprint: "POST /v1/x sha256:b", requestId: newId("req") };
    expect(await claimKey(a)).toEqual({ outcome: "claimed" });
    expect(await claimKey(b)).toEqual({ outcome: "claimed" });
  });

  it("an expired record counts as absent and is taken over, by exactly one of many claimants", async () => {
    const projectId = newId("prj");
    const old = { projectId, key: "k", fingerprint: "POST /v1/x sha256:old", requestId: newId("req"), ttlSeconds: -1 };
    await claimKey(old);
    await completeKey(old, 201, "{}");
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => claimKey({ projectId, key: "k", fingerprint: "POST /v1/x sha256:new", requestId: newId("req") })),
    );
    expect(claims.filter((c) => c.outcome === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c.outcome !== "claimed").every((c) => c.outcome === "running")).toBe(true);
    expect(await row(projectId, "k")).toMatchObject({ state: "running", fingerprint: "POST /v1/x sha256:new", responseStatus: null });
  });

  it("a claim still running past its lease (its process died) is taken over; the old holder can no longer store", async () => {
    const projectId = newId("prj");
    const dead = { projectId, key: "k", fingerprint: "POST /v1/x sha256:a", requestId: newId("req") };
    await claimKey(dead);
    const next = { ...dead, requestId: newId("req") };
    expect(await claimKey(next)).toEqual({ outcome: "running" }); // within the lease
    expect(await claimKey({ ...next, leaseSeconds: 0 })).toEqual({ outcome: "claimed" });
    expect(await completeKey(dead, 201, '{"late":true}')).toBe(false);
    expect(await completeKey(next, 201, '{"ok":true}')).toBe(true);
    // A finished answer is never taken over, however old.
    expect(await claimKey({ ...dead, requestId: newId("req"), leaseSeconds: 0 })).toMatchObject({ outcome: "replay", body: '{"ok":true}' });
  });

  it("50 concurrent claims of one key: exactly one wins", async () => {
    const projectId = newId("prj");
    const claims = await Promise.all(
      Array.from({ length: 50 }, () => claimKey({ projectId, key: "k", fingerprint: "POST /v1/x sha256:a", requestId: newId("req") })),
    );
    expect(claims.filter((c) => c.outcome === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c.outcome === "running")).toHaveLength(49);
  });

  it("the sweeper deletes expired records only, each once across concurrent sweepers", async () => {
    const projectId = newId("prj");
    for (let i = 0; i < 30; i++) await claimKey({ projectId, key: `old-${i}`, fingerprint: "f", requestId: newId("req"), ttlSeconds: -1 });
    await claimKey({ projectId, key: "fresh", fingerprint: "f", requestId: newId("req") });
    const counts = await Promise.all(Array.from({ length: 4 }, () => sweepExpiredKeys(1000)));
    // Other tests' expired rows may be swept too; ours are gone, each deleted once.
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30);
    expect(await db().idempotencyKey.count({ where: { projectId } })).toBe(1);
    expect(await row(projectId, "fresh")).not.toBeNull();
  });
});

// The hook, with handlers standing in for routes.
const projectId = newId("prj");
const post = (key: string | null, body: unknown, path = "/v1/api_keys", method = "POST") =>
  new Request(`http://switchyard.test${path}`, {
    method,
    headers: { "content-type": "application/json", ...(key === null ? {} : { "idempotency-key": key }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** Runs a request through the hook as the wrapper does, mapping a thrown AppError like `served`. */
async function send(request: Request, handler: (request: Request, requestId: string) => Promise<Response>, project = projectId) {
  const requestId = newId("req");
  try {
    const response = await idempotent(request, { projectId: project, requestId, logFields: {} }, (copy) => handler(copy, requestId));
    return { requestId, status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    if (!(error instanceof AppError)) return { requestId, status: 500, headers: new Headers(), text: "", error };
    return { requestId, status: error.status, headers: new Headers(), text: JSON.stringify({ error: { code: error.code } }), error };
  }
}

const uniqueKey = () => `test-${newId("req")}`;

describe("idempotent (the hook of withApiKey)", () => {
  it("stores a 201 with the secret nulled; a replay runs nothing and repeats the original request_id", async () => {
    const key = uniqueKey();
    let runs = 0;
    const create = async (request: Request, requestId: string) => {
      runs++;
      const input = await parseBody(request, createKeyInput); // the handler still reads the body
      return Response.json({ api_key: { id: "key_1", name: input.name }, key: "swk_secret", request_id: requestId }, { status: 201 });
    };
    const first = await send(post(key, { name: "n", scope: "read" }), create);
    expect(first.status).toBe(201);
    expect(JSON.parse(first.text).key).toBe("swk_secret");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const replay = await send(post(key, { name: "n", scope: "read" }), create);
    expect(runs).toBe(1);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.parse(replay.text)).toEqual({ api_key: { id: "key_1", name: "n" }, key: null, request_id: first.requestId });
    expect((await row(projectId, key))?.responseBody).not.toContain("swk_secret");
  });

  it("50 concurrent identical requests run the handler once; the rest are 409 in use or the replay", async () => {
    const key = uniqueKey();
    let runs = 0;
    const slow = async () => {
      runs++;
      await sleep(50);
      return Response.json({ ok: true }, { status: 201 });
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(post(key, { a: 1 }), slow)));
    expect(runs).toBe(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.text).toBe('{"ok":true}');
      else {
        expect(answer.status).toBe(409);
        expect(answer.headers.get("retry-after")).toBe("1");
        expect(JSON.parse(answer.text).error.code).toBe("idempotency_key_in_use");
      }
    }
  });

  it("a 5xx is not stored: the key is released and the retry runs again", async () => {
    for (const failure of [
      async () => new Response(JSON.stringify({ error: { code: "internal_error" } }), { status: 500 }),
      async () => {
        throw new Error("a bug");
      },
      async () => {
        throw new AppError("upstream_unavailable", "every engine failed");
      },
      // A long-running generation: 200 went out early, the failure is the body.
      async () => Response.json({ error: { code: "upstream_unavailable", message: "..." } }, { status: 200 }),
      // The same in the Anthropic door's shape: its code sits beside `error`, not in it.
      async () => Response.json({ type: "error", error: { type: "api_error", message: "..." }, code: "upstream_unavailable" }, { status: 200 }),
    ]) {
      const key = uniqueKey();
      const failed = await send(post(key, { x: 1 }), failure);
      expect([200, 500, 502]).toContain(failed.status);
      expect(await row(projectId, key)).toBeNull();
      let ran = false;
      const retry = await send(post(key, { x: 1 }), async () => ((ran = true), Response.json({ ok: 1 }, { status: 201 })));
      expect(ran).toBe(true);
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBeNull();
    }
  });

  it("a validation refusal stores nothing: the corrected retry with the same key runs", async () => {
    for (const refusal of ["invalid_body", "empty_input", "unknown_product", "product_not_allowed", "input_too_large", "insufficient_scope"] as const) {
      const key = uniqueKey();
      const refused = await send(post(key, { name: "" }), async () => {
        throw new AppError(refusal, "refused");
      });
      expect(refused.error).toMatchObject({ code: refusal });
      expect(await row(projectId, key)).toBeNull();
      const corrected = await send(post(key, { name: "fixed" }), async () => Response.json({ ok: 1 }, { status: 201 }));
      expect(corrected.status).toBe(201);
    }
    // Through parseBody, as the routes do.
    const key = uniqueKey();
    const route = async (request: Request) => Response.json(await parseBody(request, createKeyInput), { status: 201 });
    expect((await send(post(key, { name: "n", scope: "admin" }), route)).status).toBe(400);
    expect((await send(post(key, { name: "n", scope: "read" }), route)).status).toBe(201);
  });

  it("other 4xx answers did run and are stored: 404, 409, 402, 403 forbidden", async () => {
    for (const code of ["not_found", "conflict", "insufficient_credits", "forbidden"] as const) {
      const key = uniqueKey();
      let runs = 0;
      const handler = async () => {
        runs++;
        throw new AppError(code, "no");
      };
      const first = await send(post(key, undefined, "/v1/api_keys/key_x", "DELETE"), handler);
      expect(first.error).toMatchObject({ code });
      const replay = await send(post(key, undefined, "/v1/api_keys/key_x", "DELETE"), handler);
      expect(runs).toBe(1);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(JSON.parse(replay.text).error).toMatchObject({ code, request_id: first.requestId });
    }
  });

  it("a 204 is stored and replayed without a body", async () => {
    const key = uniqueKey();
    const revoke = async () => new Response(null, { status: 204 });
    await send(post(key, undefined, "/v1/api_keys/key_1", "DELETE"), revoke);
    const replay = await send(post(key, undefined, "/v1/api_keys/key_1", "DELETE"), revoke);
    expect(replay).toMatchObject({ status: 204, text: "" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a different method, path, query or body with the same key is a mismatch", async () => {
    const key = uniqueKey();
    const ok = async () => Response.json({}, { status: 201 });
    await send(post(key, { a: 1 }), ok);
    const others = [
      post(key, { a: 2 }),
      post(key, '{"a": 1}'), // the same JSON in other bytes
      post(key, { a: 1 }, "/v1/ssh_keys"),
      post(key, { a: 1 }, "/v1/api_keys?x=1"),
      post(key, { a: 1 }, "/v1/api_keys", "PATCH"),
    ];
    for (const other of others) {
      expect((await send(other, ok)).error).toMatchObject({ code: "idempotency_key_mismatch" });
    }
  });

  it("refuses invalid keys before anything runs; GET ignores the header", async () => {
    for (const bad of ["", "x".repeat(256), "clé", "a\tb", "a\u007fb"]) {
      let ran = false;
      const answer = await send(post(bad, { a: 1 }), async () => ((ran = true), new Response(null, { status: 204 })));
      expect(answer.error).toMatchObject({ code: "invalid_idempotency_key" });
      expect(ran).toBe(false);
    }
    expect((await send(post("x".repeat(255), { a: 1 }), async () => new Response(null, { status: 204 }))).status).toBe(204);
    const get = new Request("http://switchyard.test/v1/api_keys", { headers: { "idempotency-key": "" } });
    expect((await send(get, async () => Response.json({ api_keys: [] }))).status).toBe(200);
  });

  it("a body over 1 MiB is refused as before and stores nothing", async () => {
    const key = uniqueKey();
    const answer = await send(post(key, { big: "x".repeat(1024 * 1024) }), async () => new Response(null, { status: 204 }));
    expect(answer.error).toMatchObject({ code: "input_too_large" });
    expect(await row(projectId, key)).toBeNull();
  });

  it("streaming requests and SSE answers are never stored", async () => {
    const key = uniqueKey();
    const sse = async () => new Response("event: done\ndata: {}\n\n", { headers: { "content-type": "text/event-stream" } });
    expect((await send(post(key, { prompt: "hi", stream: true }), sse)).status).toBe(200);
    expect(await row(projectId, key)).toBeNull();
    expect((await send(post(key, { prompt: "hi" }), sse)).status).toBe(200); // answered SSE anyway: released
    expect(await row(projectId, key)).toBeNull();
  });

  it("a body produced late (long-running answer) is stored before the client sees its end", async () => {
    const key = uniqueKey();
    const late = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(sink) {
            sink.enqueue(new TextEncoder().encode(" "));
            await sleep(30);
            sink.enqueue(new TextEncoder().encode('{"id":"gen_1"}'));
            sink.close();
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    const first = await send(post(key, { prompt: "hi" }), late);
    expect(first.text).toBe(' {"id":"gen_1"}');
    expect(await row(projectId, key)).toMatchObject({ state: "done", responseStatus: 200 });
    expect(JSON.parse((await send(post(key, { prompt: "hi" }), late)).text)).toEqual({ id: "gen_1" });
  });
});
