// The cloud API's webhooks: one registration per route and method.
import "server-only";
import { listInput } from "../wire/page";
import {
  createWebhookInput, deliveryList, deliveryListInput, deliveryResponse, updateWebhookInput, webhookList, webhookResponse, webhookWithSecret,
} from "../webhooks/schema";
import { operation } from "./operation";

const webhookId = { id: "The webhook's id, `whk_...`." };
const signing =
  "Every event is POSTed as JSON and signed the Standard Webhooks way: headers `webhook-id` (the event id, the same on every retry), " +
  "`webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA-256 of id.timestamp.body>`; two, space-separated, during a rotation). " +
  "A 2xx is success; a redirect is a failure (never followed); a 410 disables the endpoint; `Retry-After` on 429/503 is honoured; " +
  "otherwise retries follow after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint failing for 5 days is disabled. " +
  "Events of one instance arrive in the order they happened.";

export const webhookOperations = [
  operation({
    method: "get",
    path: "/v1/webhooks",
    summary: "List webhooks",
    description: "This project's webhook endpoints, newest first.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of webhooks.", schema: webhookList } },
  }),
  operation({
    method: "post",
    path: "/v1/webhooks",
    summary: "Add a webhook",
    description:
      `An endpoint for this project's events (workspace events such as billing go to every project's endpoints). ${signing} ` +
      "The URL must be https and resolve only to public addresses (no loopback, private, CGNAT, link-local or metadata address, in any notation); " +
      "a host name that does not resolve yet is accepted, and checked again at each delivery. A refused URL is 400 `invalid_body` with `param: \"url\"`. " +
      "For a receiver on your own machine, the operator sets `WEBHOOK_ALLOW_HTTP` and `WEBHOOK_ALLOW_LOOPBACK`, and the URL names `127.0.0.1` (never `localhost`).",
    scope: "read_write",
    body: createWebhookInput,
    responses: { 201: { description: "The webhook, with its signing secret (shown once).", schema: webhookWithSecret } },
  }),
  operation({
    method: "get",
    path: "/v1/webhooks/{id}",
    summary: "Get a webhook",
    scope: "read",
    pathParams: webhookId,
    responses: { 200: { description: "The webhook.", schema: webhookResponse } },
  }),
  operation({
    method: "patch",
    path: "/v1/webhooks/{id}",
    summary: "Change a webhook",
    description: "Change its URL (checked as on creation), events or description; `enabled: false` pauses it, `enabled: true` resumes queued deliveries.",
    scope: "read_write",
    pathParams: webhookId,
    body: updateWebhookInput,
    responses: { 200: { description: "The webhook as changed.", schema: webhookResponse } },
  }),
  operation({
    method: "delete",
    path: "/v1/webhooks/{id}",
    summary: "Delete a webhook",
    description: "The endpoint and its delivery log are removed; nothing more is sent to it.",
    scope: "read_write",
    pathParams: webhookId,
    responses: { 204: { description: "Deleted." } },
  }),
  operation({
    method: "post",
    path: "/v1/webhooks/{id}/rotate_secret",
    summary: "Rotate a webhook's secret",
    description: "A new signing secret, shown once. The old one keeps signing beside it for 24 h, so receivers can switch without losing an event.",
    scope: "read_write",
    pathParams: webhookId,
    responses: { 200: { description: "The webhook, with its new secret (shown once).", schema: webhookWithSecret } },
  }),
  operation({
    method: "post",
    path: "/v1/webhooks/{id}/ping",
    summary: "Send a test event",
    description: "A `webhook.ping` event (`data.webhook_id`) to this endpoint alone, signed like every event. A disabled endpoint is 409 `conflict`.",
    scope: "read_write",
    pathParams: webhookId,
    responses: { 202: { description: "The delivery, queued.", schema: deliveryResponse } },
    errors: ["conflict"],
  }),
  operation({
    method: "get",
    path: "/v1/webhooks/{id}/deliveries",
    summary: "List a webhook's deliveries",
    description: "The delivery log, newest first: each event's attempts with the status code, duration, error and next retry.",
    scope: "read",
    pathParams: webhookId,
    query: deliveryListInput,
    responses: { 200: { description: "A page of deliveries.", schema: deliveryList } },
  }),
  operation({
    method: "post",
    path: "/v1/webhooks/{id}/deliveries/{delivery_id}/retry",
    summary: "Retry a delivery",
    description: "Sends the delivery again now, whatever its state (a redelivery after success too). 409 `conflict` while an attempt is in flight or the endpoint is disabled.",
    scope: "read_write",
    pathParams: { ...webhookId, delivery_id: "The delivery's id, `dlv_...`." },
    responses: { 202: { description: "The delivery, queued.", schema: deliveryResponse } },
    errors: ["conflict"],
  }),
];
