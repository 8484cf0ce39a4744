// The durable outbox: events are written in the same transaction as the change they describe,
// and delivered later (at least once) by the webhook deliverer.
import type { Prisma } from "@prisma/client";
import type { Tx } from "../db";
import { newId } from "../ids";

export type EventType =
  | "instance.created" | "instance.status_changed" | "instance.deleted" | "snapshot.completed" | "backup.completed"
  | "billing.credits_added" | "billing.balance_low" | "billing.charged";

export async function writeEvent(
  tx: Tx,
  event: { workspaceId: string; projectId?: string | null; type: EventType; data: Prisma.InputJsonObject },
): Promise<string> {
  const id = newId("evt");
  await tx.outboxEvent.create({
    data: { id, workspaceId: event.workspaceId, projectId: event.projectId ?? null, type: event.type, data: event.data },
  });
  return id;
}
