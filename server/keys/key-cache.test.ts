// Authenticated keys come from memory on the hot path, yet a revocation holds on the next request:
// from this process, from another one (its change arrives), and when the change channel is down
// or silent (the cache is bypassed).
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ChangeChannel, HEARTBEAT_MS, useChangeChannel, type Transport } from "../changes/channel";
import { db } from "../db";
import { runWithRequest } from "../request-context";
import { newWorkspace } from "../../test/kits/workspaces";
import { authenticateKey, createKey, revokeKey } from "./service";
import type { ProjectActor } from "../actor";

/** A transport under the test's control: connected or not, delivering or silent. */
function fakeTransport() {
  const state = { connected: true, delivering: true };
  let received: (message: string) => void = () => undefined;
  let lost: () => void = () => undefined;
  let ready: () => void = () => undefined;
  const transport: Transport = {
    publish: async (message) => {
      if (!state.connected) throw new Error("channel down");
      if (state.delivering) received(message);
    },
    listen(r, l, rd) {
      [received, lost, ready] = [r, l, rd];
      rd();
    },
    close: async () => undefined,
  };
  return {
    transport,
    /** Another process's change arriving here. */
    deliver: (kind: string) => received(JSON.stringify({ kind, id: randomUUID() })),
    drop: () => ((state.connected = false), lost()),
    restore: () => ((state.connected = true), ready()),
    silence: () => (state.delivering = false),
  };
}

let clock = Date.now();
let fake: ReturnType<typeof fakeTransport>;
beforeEach(() => {
  fake = fakeTransport();
  clock = Date.now();
  useChangeChannel(new ChangeChannel(fake.transport, () => clock));
});
afterAll(() => useChangeChannel(new ChangeChannel(null)));

async function liveKey() {
  const { workspaceId, projectId } = await newWorkspace(0n);
  const actor: ProjectActor = { workspaceId, projectId, maxScope: "read_write" };
  const made = await createKey(actor, { name: "cached", scope: "read_write" });
  return { actor, id: made.api_key.id, key: made.key };
}

/** Authenticates and counts the database operations it took. */
async function authenticate(key: string) {
  const context = { requestId: "req_test", dbOperations: 0 };
  const result = await runWithRequest(context, () => authenticateKey(key).then((k) => ({ ok: true as const, k }), (error: unknown) => ({ ok: false as const, error })));
  return { ...result, reads: context.dbOperations };
}

const revokeBehindOurBack = (id: string) => db().apiKey.update({ where: { id }, data: { revokedAt: new Date() } });

describe("the authenticated-key cache", () => {
  it("serves a key seen before without a database read", async () => {
    const { key } = await liveKey();
    expect((await authenticate(key)).reads).toBeGreaterThan(0);
    const again = await authenticate(key);
    expect(again).toMatchObject({ ok: true, reads: 0 });
  });

  it("refuses a key revoked here on the very next request", async () => {
    const { actor, id, key } = await liveKey();
    await authenticate(key);
    await revokeKey(actor, id);
    expect(await authenticate(key)).toMatchObject({ ok: false, error: { code: "invalid_api_key" } });
  });

  it("refuses a key another process revoked once its change arrives", async () => {
    const { id, key } = await liveKey();
    await authenticate(key);
    await revokeBehindOurBack(id);
    fake.deliver("keys");
    expect(await authenticate(key)).toMatchObject({ ok: false, error: { code: "invalid_api_key" } });
  });

  it("reads the database on every request while the channel is down, and trusts it again once back", async () => {
    const { id, key } = await liveKey();
    await authenticate(key);
    fake.drop();
    expect(await authenticate(key)).toMatchObject({ ok: true });
    expect((await authenticate(key)).reads).toBeGreaterThan(0);
    // A revocation whose change this process never heard still holds at once.
    await revokeBehindOurBack(id);
    expect(await authenticate(key)).toMatchObject({ ok: false, error: { code: "invalid_api_key" } });
    fake.restore();
    const other = await liveKey();
    await authenticate(other.key);
    expect(await authenticate(other.key)).toMatchObject({ ok: true, reads: 0 });
  });

  it("stops trusting a channel whose heartbeats stop coming back", async () => {
    const { id, key } = await liveKey();
    await authenticate(key);
    fake.silence();
    clock += 4 * HEARTBEAT_MS;
    await revokeBehindOurBack(id);
    expect(await authenticate(key)).toMatchObject({ ok: false, error: { code: "invalid_api_key" } });
  });
});
