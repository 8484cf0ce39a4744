// An endpoint deleted while an attempt's outcome is being recorded: both finish, no deadlock
// (PostgreSQL only: a second connection holds the endpoint's row as a delete does, waits until
// the recording waits on it, then deletes the endpoint, whose cascade locks its deliveries).
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../db";
import { env } from "../env";
import { writeEvent } from "../events/outbox";
import { newId } from "../ids";
import { newWorkspace } from "../../test/kits/workspaces";
import { receiver } from "../../test/kits/webhook-receiver";
import { attemptDelivery } from "./attempt";
import { createWebhook, deleteWebhook } from "./service";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("deleting an endpoint during an attempt, on PostgreSQL", () => {
  const settings = { ...env };
  const rx = receiver();
  const admin = url ? new pg.Client({ connectionString: url }) : null;
  const deleter = url ? new pg.Client({ connectionString: url }) : null;
  let hook: string;

  beforeAll(async () => {
    hook = await rx.start();
    await admin!.connect();
    await deleter!.connect();
  });
  afterAll(async () => {
    await rx.close();
    await admin!.end();
    await deleter!.end();
  });
  beforeEach(() => Object.assign(env, { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_LOOPBACK: true }));
  afterEach(() => Object.assign(env, settings));

  /** Resolves once a statement of another backend waits for a lock the deleter holds. */
  async function someoneWaitsOnDeleter(): Promise<void> {
    const [{ pid }] = (await deleter!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin!.query("SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [pid]);
      if (rows.length) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the attempt's record never waited for the endpoint's row");
  }

  /**
   * A delivery of a failing endpoint, claimed as the claimer would (attempt 1, its lease running).
   * The endpoint is disabled, so that no claimer of another test running beside on the same
   * database fans out to it or takes the delivery; an attempt already claimed is sent regardless.
   */
  async function claimedFailingAttempt() {
    const { workspaceId, projectId } = await newWorkspace(0n);
    const actor = { workspaceId, projectId, maxScope: "read_write" as const };
    const { webhook } = await createWebhook(actor, { url: hook, events: ["*"] });
    await db().webhook.update({ where: { id: webhook.id }, data: { enabled: false } });
    const eventId = await db().$transaction((tx) =>
      writeEvent(tx, { workspaceId, projectId, type: "instance.status_changed", subject: "ins_race", data: { instance: { id: "ins_race", status: "running" } } }),
    );
    const id = newId("dlv");
    await db().webhookDelivery.create({
      data: { id, webhookId: webhook.id, eventId, subject: "ins_race", eventSeq: 1n, attempts: 1, nextAttemptAt: new Date(), lockedUntil: new Date(Date.now() + 60_000) },
    });
    rx.answer(500); // a failure: its record marks the endpoint failing, a write to the endpoint's row
    return { actor, webhookId: webhook.id, claim: { id, attempts: 1 } };
  }

  it("a delete arriving while the outcome is recorded waits its turn; both succeed", async () => {
    const { webhookId, claim } = await claimedFailingAttempt();
    await deleter!.query("BEGIN");
    await deleter!.query("SELECT 1 FROM webhooks WHERE id = $1 FOR UPDATE", [webhookId]);
    const attempting = attemptDelivery(claim).then(() => "recorded", (error: Error) => error.message);
    await someoneWaitsOnDeleter();
    const deleting = deleter!.query("DELETE FROM webhooks WHERE id = $1", [webhookId]).then(() => "deleted", (error: Error) => error.message);
    expect(await deleting).toBe("deleted");
    await deleter!.query("COMMIT");
    expect(await attempting).toBe("recorded");
    expect(await db().webhookDelivery.count({ where: { webhookId } })).toBe(0);
  });

  it("the service's delete, with attempts of its endpoint in flight, succeeds and takes them with it", async () => {
    const { actor, webhookId, claim } = await claimedFailingAttempt();
    const [attempted] = await Promise.allSettled([attemptDelivery(claim), deleteWebhook(actor, webhookId)]).then((all) => all.map((r) => r.status));
    expect(attempted).toBe("fulfilled");
    expect(await db().webhook.count({ where: { id: webhookId } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { webhookId } })).toBe(0);
  });
});
