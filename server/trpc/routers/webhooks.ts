// Webhook endpoints of a project and their delivery logs: the services behind /v1/webhooks.
import "server-only";
import { z } from "zod";
import { searchInput } from "../../wire/search";
import { createWebhookInput, deliveryListInput, updateWebhookInput } from "../../webhooks/schema";
import {
  createWebhook, deleteWebhook, failedDeliveries, listDeliveries, listWebhooks, pingWebhook, retryDelivery, rotateWebhookSecret, updateWebhook,
} from "../../webhooks/service";
import { projectProcedure, router } from "../trpc";

const id = z.string().min(1).max(100);

export const webhooksRouter = router({
  list: projectProcedure.input(searchInput).query(({ ctx, input }) => listWebhooks(ctx.actor, input)),
  // The signing secret is in this answer only.
  create: projectProcedure.input(z.object({ webhook: createWebhookInput })).mutation(({ ctx, input }) => createWebhook(ctx.actor, input.webhook)),
  update: projectProcedure.input(z.object({ id, changes: updateWebhookInput })).mutation(({ ctx, input }) => updateWebhook(ctx.actor, input.id, input.changes)),
  delete: projectProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await deleteWebhook(ctx.actor, input.id);
    return { id: input.id, deleted: true };
  }),
  rotateSecret: projectProcedure.input(z.object({ id })).mutation(({ ctx, input }) => rotateWebhookSecret(ctx.actor, input.id)),
  ping: projectProcedure.input(z.object({ id })).mutation(({ ctx, input }) => pingWebhook(ctx.actor, input.id)),
  deliveries: projectProcedure.input(z.object({ id, ...deliveryListInput.shape })).query(({ ctx, input }) => {
    const { id: webhookId, ...page } = input;
    return listDeliveries(ctx.actor, webhookId, page);
  }),
  retry: projectProcedure.input(z.object({ id, deliveryId: id })).mutation(({ ctx, input }) => retryDelivery(ctx.actor, input.id, input.deliveryId)),
  /** The project's latest failed attempts across its endpoints (the overview shows them). */
  failures: projectProcedure.input(z.object({ limit: z.number().int().min(1).max(20).default(5) })).query(({ ctx, input }) => failedDeliveries(ctx.actor, input.limit)),
});
