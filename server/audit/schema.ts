// The audit log's words and wire shapes, shared by the services that write it, GET
// /v1/audit_events, the console's Security page and the OpenAPI document.
import "server-only";
import { z } from "zod";
import { actorTypes } from "../actor";
import { listInput } from "../wire/page";
import { cursorPage } from "../wire/schema";
import { moment } from "../wire/time-window";

export const auditActions = [
  "user.sign_in",
  "user.sign_in_failed",
  "user.sign_up",
  "user.password_change",
  "user.password_reset_requested",
  "user.password_reset",
  "user.session_end",
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
  "user.sessions_ended",
  "user.verify_email",
  "project.create",
  "project.rename",
  "project.delete",
  "ssh_key.create",
  "ssh_key.delete",
  "instance.create",
  "instance.update",
  "instance.resize",
  "instance.delete",
  "instance.power_on",
  "instance.power_off",
  "instance.reboot",
  "snapshot.create",
  "snapshot.delete",
  "backup.create",
  "domain.create",
  "domain.delete",
  "dns_record.create",
  "dns_record.update",
  "dns_record.delete",
  "webhook.ping",
  "webhook.retry_delivery",
  "member.invite",
  "member.invite_revoke",
  "member.join",
  "member.role_change",
  "member.remove",
  "member.leave",
  "billing.checkout_create",
  "billing.payment_succeeded",
  "billing.payment_failed",
  "billing.payment_reversed",
  "billing.auto_recharge_update",
  "billing.auto_recharge_attempt",
  "billing.auto_recharge_disabled",
  "billing.low_balance_alert_update",
  "operator.refund_payment",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEventObject = z
  .strictObject({
    id: z.string().meta({ example: "aud_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    action: z.enum(auditActions).meta({ description: "What happened, in dotted words." }),
    actor: z.strictObject({
      type: z.enum(actorTypes).meta({ description: "`user` (the console), `api_key` (the REST API) or `operator` (the service's operators)." }),
      id: z.string().nullable().meta({ description: "`usr_...`, `key_...`, or an operator's `usr_...` (`cli` for the admin CLI)." }),
      name: z
        .string()
        .nullable()
        .meta({ description: "The key's name or the user's email at the time; `cli` or `system` for the service's own. A person's email is never shown to API keys (null)." }),
    }),
    target: z.strictObject({
      type: z.string().meta({ description: "What was acted on: `api_key`, `webhook`, `instance`, `snapshot`, `backup`, `domain`, `dns_record`, `ssh_key`, `project`, `user`, `workspace`..." }),
      id: z.string().meta({ description: "Its id (`key_...`, `ins_...`), a product or tier for the operators' changes, or the email of a sign-in." }),
      name: z.string().nullable().meta({ description: "Its name at the time (a hostname, a key's name, a domain), when it has one." }),
    }),
    changes: z
      .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
      .meta({ description: "What changed, `{field: [old, new]}` (null for a side that did not exist); never a secret. Empty when nothing is recorded." }),
    ip: z.string().nullable().meta({ description: "The client's address, when the change came over HTTP; always null in answers to API keys." }),
    request_id: z.string().nullable().meta({ description: "The request that made the change (its `X-Request-Id`), when it came over HTTP." }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AuditEvent" });
export type AuditEventView = z.infer<typeof auditEventObject>;

export const auditEventList = cursorPage("audit_events", auditEventObject);

const idFilter = z.string().min(1).max(254);

/** The list's query: a page, narrowed by action, actor, target and a time window ([since, until)). */
export const auditListInput = z.strictObject({
  ...listInput.shape,
  action: z.enum(auditActions).optional().meta({ description: "Only this action." }),
  actor_id: idFilter.optional().meta({ description: "Only what this actor did (`usr_...`, `key_...`, `cli`)." }),
  target_id: idFilter.optional().meta({ description: "Only what was done to this target (its id, or the email of a sign-in)." }),
  since: moment("events", "at or after this"),
  until: moment("events", "before or at this"),
});
export type AuditListInput = z.infer<typeof auditListInput>;
