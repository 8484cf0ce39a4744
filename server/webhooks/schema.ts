// Request and response shapes of the webhook routes, shared by REST, tRPC and the OpenAPI document.
import "server-only";
import { z } from "zod";
import { cursorPage } from "../wire/schema";
import { listInput } from "../wire/page";
import { NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE } from "../vocab/control-characters";
import { EVENT_PATTERNS, EVENT_TYPES, PING } from "../vocab/webhook-event-types";

const subscribable = z.enum([...EVENT_PATTERNS, ...EVENT_TYPES]);

const url = z.string().trim().min(1).max(2048).meta({
  description: "Where events are POSTed: an https:// URL whose host resolves only to public addresses.",
  example: "https://example.com/hooks/switchyard",
});
const events = z
  .array(subscribable)
  .min(1)
  .max(20)
  .refine((list) => new Set(list).size === list.length, "lists an event type twice")
  .meta({ description: "Event types, or patterns: `instance.*`, `snapshot.*`, `backup.*`, `billing.*`, `*`." });
const description = z
  .string()
  .trim()
  .max(200)
  .regex(NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE)
  .meta({ description: "A note for people, shown in lists." });

export const createWebhookInput = z.strictObject({ url, events, description: description.optional() });
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean().optional().meta({ description: "false pauses deliveries; true resumes them (and clears a disabled notice)." }),
    description: description.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "send at least one of url, events, enabled, description");
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const webhookObject = z
  .strictObject({
    id: z.string().meta({ example: "whk_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    url: z.string(),
    description: z.string(),
    events: z.array(subscribable),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: "Why the service disabled the endpoint (it answered 410, or failed for 5 days); null otherwise." }),
    previous_secret_expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "During a rotation: until when the old secret still signs beside the new one." }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });
export type WebhookView = z.infer<typeof webhookObject>;

export const webhookResponse = z.strictObject({ webhook: webhookObject });
export const webhookWithSecret = z.strictObject({
  webhook: webhookObject,
  secret: z
    .string()
    .nullable()
    .meta({ description: "The signing secret, `whsec_...`, shown in this response only (null in an idempotent replay).", example: "whsec_..." }),
});
export const webhookList = cursorPage("webhooks", webhookObject);

export const deliveryStatuses = ["pending", "succeeded", "failed"] as const;

export const attemptObject = z
  .strictObject({
    number: z.number().int().meta({ description: "1 for the first attempt." }),
    started_at: z.iso.datetime(),
    duration_ms: z.number().int(),
    status_code: z.number().int().nullable().meta({ description: "What the endpoint answered; null when no answer came." }),
    outcome: z.enum(["succeeded", "failed", "refused"]).meta({ description: "`refused`: the address guard stopped the connection." }),
    error: z.string().nullable().meta({ description: "What went wrong, in words; null on success." }),
    next_retry_at: z.iso.datetime().nullable().meta({ description: "When this failure is retried; null when it is not." }),
  })
  .meta({ id: "WebhookAttempt" });

export const deliveryObject = z
  .strictObject({
    id: z.string().meta({ example: "dlv_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    webhook_id: z.string(),
    event: z.strictObject({
      id: z.string().meta({ description: "The `webhook-id` header of every attempt." }),
      type: z.enum([...EVENT_TYPES, PING]),
      created_at: z.iso.datetime(),
    }),
    status: z.enum(deliveryStatuses).meta({ description: "`pending` until a 2xx (`succeeded`) or until retries end (`failed`)." }),
    next_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    attempts: z.array(attemptObject).meta({ description: "Every attempt, oldest first." }),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryView = z.infer<typeof deliveryObject>;

export const deliveryResponse = z.strictObject({ delivery: deliveryObject });
export const deliveryList = cursorPage("deliveries", deliveryObject);
export const deliveryListInput = listInput.extend({
  status: z.enum(deliveryStatuses).optional().meta({ description: "Only deliveries in this state." }),
});
export type DeliveryListInput = z.infer<typeof deliveryListInput>;
