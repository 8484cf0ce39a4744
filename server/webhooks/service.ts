// Webhook endpoints of a project: created with a signing secret shown once, listed, changed,
// rotated, deleted; their delivery logs, a manual retry, and a test event. Another project's
// endpoint or delivery is not found, never forbidden.
import "server-only";
import { changesOf } from "../audit/changes";
import { projectChange, recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { findPage, type ListInput } from "../wire/page";
import { nameHolds } from "../wire/search";
import type { ProjectActor } from "../actor";
import { checkRoom } from "../projects/room";
import { PING } from "../vocab/webhook-event-types";
import { outboxWritten } from "../events/outbox";
import { takeClaimTurn } from "./claims";
import { takePing } from "./ping-limit";
import type { CreateWebhookInput, DeliveryListInput, UpdateWebhookInput } from "./schema";
import { newSigningSecret, sealSecret } from "./secrets";
import { checkPublicUrl } from "../net/ssrf";
import { deliveryInclude, deliveryView, webhookView } from "./views";

/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

const noWebhook = () => new AppError("not_found", "This project has no such webhook.");
const noDelivery = () => new AppError("not_found", "This webhook has no such delivery.");

/** What the audit log shows of a webhook (never its secrets); it is named by its URL. */
const auditedWebhookFields = ["url", "events", "enabled", "description"] as const;
const webhookTarget = (webhook: { id: string; url: string }) => ({ type: "webhook", id: webhook.id, name: webhook.url });

async function owned(actor: ProjectActor, id: string) {
  const row = await db().webhook.findFirst({ where: { id, projectId: actor.projectId } });
  if (!row) throw noWebhook();
  return row;
}

export async function createWebhook(actor: ProjectActor, input: CreateWebhookInput) {
  const url = await checkPublicUrl(input.url);
  const secret = newSigningSecret();
  const row = await db().$transaction(async (tx) => {
    await checkRoom(tx, "webhooks", actor.projectId);
    const created = await tx.webhook.create({
      data: {
        id: newId("whk"), workspaceId: actor.workspaceId, projectId: actor.projectId, url: url.href,
        events: input.events, description: input.description ?? "", secret: sealSecret(secret),
      },
    });
    await recordAudit(tx, projectChange(actor, "webhook.create", webhookTarget(created), changesOf(null, created, auditedWebhookFields)));
    return created;
  });
  return { webhook: webhookView(row), secret };
}

/** A project's endpoints, a page at a time; the console's search (`q`) narrows them by URL or description. */
export async function listWebhooks(actor: ProjectActor, page: ListInput & { q?: string }) {
  const holds = page.q ? { OR: [nameHolds("url", page.q), nameHolds("description", page.q)] } : {};
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) =>
    db().webhook.findMany({ where: { projectId: actor.projectId, ...holds, ...cursorWhere }, ...args }),
  );
  return { webhooks: shown.map(webhookView), next_cursor };
}

export async function getWebhook(actor: ProjectActor, id: string) {
  return { webhook: webhookView(await owned(actor, id)) };
}

/** Re-enabling clears the service's disabled notice and its failure count; queued deliveries resume. */
export async function updateWebhook(actor: ProjectActor, id: string, input: UpdateWebhookInput) {
  const before = await owned(actor, id);
  const url = input.url === undefined ? undefined : (await checkPublicUrl(input.url)).href;
  const enabling = input.enabled === true ? { disabledReason: null, failingSince: null } : {};
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.webhook.update({
      where: { id },
      data: { url, events: input.events, enabled: input.enabled, description: input.description, ...enabling },
    });
    await recordAudit(tx, projectChange(actor, "webhook.update", webhookTarget(updated), changesOf(before, updated, auditedWebhookFields)));
    return updated;
  });
  if (input.enabled) outboxWritten.emit("written");
  return { webhook: webhookView(row) };
}

/**
 * The endpoint goes with its deliveries and their attempts (a cascade). Lock order, the same in
 * every writer of both: the claimers' turn, then the endpoint, then its deliveries (attempt.ts
 * records an outcome endpoint first too).
 */
export async function deleteWebhook(actor: ProjectActor, id: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await takeClaimTurn(tx);
    const deleted = await tx.webhook.findFirst({ where: { id, projectId: actor.projectId } });
    const { count } = await tx.webhook.deleteMany({ where: { id, projectId: actor.projectId } });
    if (!deleted || count === 0) throw noWebhook();
    await recordAudit(tx, projectChange(actor, "webhook.delete", webhookTarget(deleted)));
  });
}

/** A new secret, shown once; the current one keeps signing beside it for 24 h. */
export async function rotateWebhookSecret(actor: ProjectActor, id: string) {
  const current = await owned(actor, id);
  const secret = newSigningSecret();
  const row = await db().$transaction(async (tx) => {
    const rotated = await tx.webhook.update({
      where: { id },
      data: { secret: sealSecret(secret), previousSecret: current.secret, previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS) },
    });
    await recordAudit(tx, projectChange(actor, "webhook.rotate_secret", webhookTarget(rotated)));
    return rotated;
  });
  return { webhook: webhookView(row), secret };
}

const enabledOrRefuse = (webhook: { enabled: boolean }, what: string) => {
  if (!webhook.enabled) throw new AppError("conflict", `This webhook is disabled; enable it (PATCH {"enabled": true}) before ${what}.`);
};

/** A `webhook.ping` event for this endpoint alone, whatever it subscribes to (a few a minute: ping-limit.ts). */
export async function pingWebhook(actor: ProjectActor, id: string) {
  const webhook = await owned(actor, id);
  enabledOrRefuse(webhook, "sending a test event");
  await takePing(actor.workspaceId, webhook.id);
  const eventId = newId("evt");
  const delivery = await db().$transaction(async (tx) => {
    const event = await tx.outboxEvent.create({
      data: {
        id: eventId, workspaceId: actor.workspaceId, projectId: actor.projectId, type: PING, subject: eventId,
        data: { webhook_id: webhook.id }, dispatchedAt: new Date(),
      },
    });
    const created = await tx.webhookDelivery.create({
      data: { id: newId("dlv"), webhookId: webhook.id, eventId, subject: eventId, eventSeq: event.seq, nextAttemptAt: new Date() },
      include: deliveryInclude,
    });
    await recordAudit(tx, projectChange(actor, "webhook.ping", webhookTarget(webhook), { delivery: [null, created.id] }));
    return created;
  });
  outboxWritten.emit("written");
  return { delivery: deliveryView(delivery) };
}

export async function listDeliveries(actor: ProjectActor, webhookId: string, page: DeliveryListInput) {
  await owned(actor, webhookId);
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) =>
    db().webhookDelivery.findMany({
      where: { webhookId, ...(page.status ? { status: page.status } : {}), ...cursorWhere },
      include: deliveryInclude,
      ...args,
    }),
  );
  return { deliveries: shown.map(deliveryView), next_cursor };
}

/** Sends the delivery again now (a redelivery after success too); refused while an attempt is in flight. */
export async function retryDelivery(actor: ProjectActor, webhookId: string, deliveryId: string) {
  const webhook = await owned(actor, webhookId);
  enabledOrRefuse(webhook, "retrying a delivery");
  const { count, row } = await db().$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, webhookId, OR: [{ lockedUntil: null }, { lockedUntil: { lt: new Date() } }] },
      data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null },
    });
    if (count > 0) await recordAudit(tx, projectChange(actor, "webhook.retry_delivery", webhookTarget(webhook), { delivery: [null, deliveryId] }));
    return { count, row: await tx.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId }, include: deliveryInclude }) };
  });
  if (!row) throw noDelivery();
  if (count === 0) throw new AppError("conflict", "An attempt of this delivery is in flight; look at its log in a few seconds.");
  outboxWritten.emit("written");
  return { delivery: deliveryView(row) };
}

/** The project's latest deliveries whose last attempt failed, with their endpoint (newest first). */
export async function failedDeliveries(actor: ProjectActor, limit: number) {
  const rows = await db().webhookDelivery.findMany({
    where: { webhook: { projectId: actor.projectId }, attemptLog: { some: { outcome: { not: "succeeded" } } }, status: { not: "succeeded" } },
    include: { ...deliveryInclude, webhook: { select: { url: true } } },
    orderBy: { id: "desc" },
    take: limit,
  });
  return { deliveries: rows.map((row) => ({ ...deliveryView(row), webhook_url: row.webhook.url })) };
}
