// The audit log's words and wire shapes, shared by the services that write it, GET
// /v1/audit_events, the console's Security page and the OpenAPI document.
import "server-only";
import { z } from "zod";
import { actorTypes } from "../actor";
import { cursorPage } from "../wire/schema";

export const auditActions = [
  "user.sign_in",
  "user.sign_in_failed",
  "user.sign_up",
  "user.two_factor_enable",
  "user.two_factor_disable",
  "user.recovery_codes_regenerate",
  "workspace.require_two_factor",
  "api_key.create",
  "api_key.update",
  "api_key.revoke",
  "webhook.create",
  "webhook.update",
  "webhook.rotate_secret",
  "webhook.delete",
  "operator.set_rate",
  "operator.grant_credits",
  "operator.set_tier",
  "operator.set_tier_limits",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEventObject = z
  .strictObject({
    id: z.string().meta({ example: "aud_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    action: z.enum(auditActions).meta({ description: "What happened, in dotted words." }),
    actor: z.strictObject({
      type: z.enum(actorTypes).meta({ description: "`user` (the console), `api_key` (the REST API) or `operator` (the service's operators)." }),
      id: z.string().nullable().meta({ description: "`usr_...`, `key_...`, or an operator's `usr_...` (`cli` for the admin CLI)." }),
    }),
    target: z.string().meta({ description: "The id acted on (`key_...`, `whk_...`, `wsp_...`, a product), or the email of a sign-in." }),
    ip: z.string().nullable().meta({ description: "The client's address, when the change came over HTTP; always null in answers to API keys." }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEventView = z.infer<typeof auditEventObject>;

export const auditEventList = cursorPage("audit_events", auditEventObject);
