// The durable outbox: events are written in the same transaction as the change they describe,
// and delivered later (at least once) by the webhook deliverer (webhooks/deliverer.ts).
import "server-only";
import { EventEmitter } from "node:events";
import type { Prisma } from "@prisma/client";
import type { Tx } from "../db";
import { newId } from "../ids";
import type { EventType } from "../vocab/webhook-event-types";

export type { EventType } from "../vocab/webhook-event-types";

/** Told when this process writes an event, so its deliverer looks soon instead of at the next poll. */
export const outboxWritten = new EventEmitter();

export async function writeEvent(
  tx: Tx,
  event: {
    workspaceId: string;
    projectId?: string | null;
    type: EventType;
    /** What the event is about (an instance id, a workspace id): its events arrive in order. */
    subject: string;
    data: Prisma.InputJsonObject;
  },
): Promise<string> {
  const id = newId("evt");
  await tx.outboxEvent.create({
    data: { id, workspaceId: event.workspaceId, projectId: event.projectId ?? null, type: event.type, subject: event.subject, data: event.data },
  });
  outboxWritten.emit("written");
  return id;
}
