// Test events are bounded: 5 a minute to one endpoint and 20 a minute over a workspace's
// endpoints, refused with 429 `rate_limited` and a retry_after, and a refused one queues nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { newWorkspace } from "../../test/kits/workspaces";
import { pingWebhook, createWebhook } from "./service";

const settings = { ...env };
beforeEach(() => Object.assign(env, { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_LOOPBACK: true }));
afterEach(() => Object.assign(env, settings));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function tenant() {
  const { workspaceId, projectId } = await newWorkspace(0n);
  return { workspaceId, projectId, maxScope: "read_write" as const };
}

describe("test events", () => {
  it("one endpoint gets 5 a minute; the 6th is 429 with a retry_after, and queues nothing", async () => {
    const actor = await tenant();
    const { webhook } = await createWebhook(actor, { url: "http://127.0.0.1:4999/hook", events: ["*"] });
    for (let i = 0; i < 5; i++) await pingWebhook(actor, webhook.id);
    const error = await refusal(pingWebhook(actor, webhook.id));
    expect(error).toMatchObject({ code: "rate_limited", status: 429 });
    expect(error.message).toMatch(/^Too many test events: one endpoint may get 5 a minute\. Retry after \d+ s\.$/);
    expect(error.extra.retry_after).toBeGreaterThanOrEqual(1);
    expect(error.extra.retry_after).toBeLessThanOrEqual(60);
    expect(await db().webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(5);
  });

  it("a workspace's endpoints together get 20 a minute; a refusal by one endpoint's limit costs the others nothing", async () => {
    const actor = await tenant();
    const hooks = [];
    for (let i = 0; i < 5; i++) hooks.push((await createWebhook(actor, { url: `http://127.0.0.1:${5000 + i}/hook`, events: ["*"] })).webhook.id);
    for (let i = 0; i < 5; i++) await pingWebhook(actor, hooks[0]);
    await refusal(pingWebhook(actor, hooks[0])); // its own limit: not counted for the workspace
    for (const id of hooks.slice(1, 4)) for (let i = 0; i < 5; i++) await pingWebhook(actor, id);
    const error = await refusal(pingWebhook(actor, hooks[4]));
    expect(error).toMatchObject({ code: "rate_limited" });
    expect(error.message).toMatch(/^Too many test events: the endpoints of one workspace together may get 20 a minute\. Retry after \d+ s\.$/);
    // Another workspace is not affected.
    const other = await tenant();
    const { webhook } = await createWebhook(other, { url: "http://127.0.0.1:4998/hook", events: ["*"] });
    await expect(pingWebhook(other, webhook.id)).resolves.toMatchObject({ delivery: { id: expect.stringMatching(/^dlv_/) } });
  });
});
