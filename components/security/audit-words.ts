// The audit log in words: what each action means and who an actor is, as the Security page says it.
import type { AuditAction, AuditEventView } from "@/server/audit/schema";
import type { BadgeTone } from "@/components/ui/badge";

export const actionWords: Record<AuditAction, { label: string; tone: BadgeTone }> = {
  "user.sign_in": { label: "Signed in", tone: "good" },
  "user.sign_in_failed": { label: "Sign-in failed", tone: "bad" },
  "user.sign_up": { label: "Signed up", tone: "good" },
  "user.password_change": { label: "Password changed", tone: "warn" },
  "user.password_reset_requested": { label: "Password reset asked for", tone: "neutral" },
  "user.password_reset": { label: "Password reset", tone: "warn" },
  "user.session_end": { label: "Session ended", tone: "neutral" },
  "user.two_factor_enable": { label: "Two-factor sign-in turned on", tone: "good" },
  "user.two_factor_disable": { label: "Two-factor sign-in turned off", tone: "warn" },
  "user.recovery_codes_regenerate": { label: "Recovery codes replaced", tone: "neutral" },
  "workspace.require_two_factor": { label: "Two-factor requirement changed", tone: "warn" },
  "api_key.create": { label: "API key created", tone: "neutral" },
  "api_key.update": { label: "API key changed", tone: "neutral" },
  "api_key.revoke": { label: "API key revoked", tone: "warn" },
  "webhook.create": { label: "Webhook added", tone: "neutral" },
  "webhook.update": { label: "Webhook changed", tone: "neutral" },
  "webhook.rotate_secret": { label: "Webhook secret rotated", tone: "warn" },
  "webhook.delete": { label: "Webhook deleted", tone: "warn" },
  "operator.set_rate": { label: "Product rates changed", tone: "busy" },
  "operator.grant_credits": { label: "Credits granted", tone: "busy" },
  "operator.set_tier": { label: "Tier changed", tone: "busy" },
  "operator.set_tier_limits": { label: "Tier limits changed", tone: "busy" },
  "user.sessions_ended": { label: "Signed out everywhere", tone: "warn" },
  "user.verify_email": { label: "Email verified", tone: "good" },
  "project.create": { label: "Project created", tone: "neutral" },
  "project.rename": { label: "Project renamed", tone: "neutral" },
  "project.delete": { label: "Project deleted", tone: "warn" },
  "ssh_key.create": { label: "SSH key added", tone: "neutral" },
  "ssh_key.delete": { label: "SSH key deleted", tone: "warn" },
  "instance.create": { label: "Instance created", tone: "neutral" },
  "instance.update": { label: "Instance changed", tone: "neutral" },
  "instance.resize": { label: "Instance resized", tone: "neutral" },
  "instance.delete": { label: "Instance deleted", tone: "warn" },
  "instance.power_on": { label: "Instance powered on", tone: "neutral" },
  "instance.power_off": { label: "Instance powered off", tone: "warn" },
  "instance.reboot": { label: "Instance rebooted", tone: "neutral" },
  "snapshot.create": { label: "Snapshot taken", tone: "neutral" },
  "snapshot.delete": { label: "Snapshot deleted", tone: "warn" },
  "backup.create": { label: "Backup taken", tone: "neutral" },
  "domain.create": { label: "Domain added", tone: "neutral" },
  "domain.delete": { label: "Domain deleted", tone: "warn" },
  "dns_record.create": { label: "DNS record added", tone: "neutral" },
  "dns_record.update": { label: "DNS record changed", tone: "neutral" },
  "dns_record.delete": { label: "DNS record deleted", tone: "warn" },
  "webhook.ping": { label: "Webhook pinged", tone: "neutral" },
  "webhook.retry_delivery": { label: "Webhook delivery retried", tone: "neutral" },
  "member.invite": { label: "Member invited", tone: "neutral" },
  "member.invite_revoke": { label: "Invitation revoked", tone: "warn" },
  "member.join": { label: "Member joined", tone: "good" },
  "member.role_change": { label: "Member's role changed", tone: "warn" },
  "member.remove": { label: "Member removed", tone: "warn" },
  "member.leave": { label: "Member left", tone: "warn" },
  "billing.checkout_create": { label: "Purchase of credits started", tone: "neutral" },
  "billing.payment_succeeded": { label: "Payment received, credits added", tone: "good" },
  "billing.payment_failed": { label: "Payment failed", tone: "bad" },
  "billing.payment_reversed": { label: "Payment refunded or disputed, credits taken back", tone: "warn" },
  "billing.auto_recharge_update": { label: "Auto-recharge changed", tone: "neutral" },
  "billing.low_balance_alert_update": { label: "Low-balance alert changed", tone: "neutral" },
  "billing.auto_recharge_attempt": { label: "Auto-recharge attempted", tone: "neutral" },
  "billing.auto_recharge_disabled": { label: "Auto-recharge turned off", tone: "bad" },
  "operator.refund_payment": { label: "Payment refunded by an operator", tone: "warn" },
};

/** Who, by name (an email, a key's name) with what they are: "API key", "Operator"... */
export function actorWords(actor: AuditEventView["actor"]): { name: string; kind: string } {
  if (actor.id === "cli") return { name: "Admin CLI", kind: "Operator" };
  if (actor.id === "system") return { name: "Switchyard", kind: "The service" };
  const kind = actor.type === "api_key" ? "API key" : actor.type === "operator" ? "Operator" : "Console";
  // Rows older than names carry only the id; an unknown email's failed sign-in carries neither.
  return { name: actor.name ?? actor.id ?? "Unknown", kind };
}

/** What an event was about, by name, with its kind in words ("instance", "DNS record"). */
export function targetWords(target: AuditEventView["target"]): { name: string; kind: string } {
  const kind = target.type === "dns_record" ? "DNS record" : target.type === "ssh_key" ? "SSH key" : target.type === "api_key" ? "API key" : target.type.replace(/_/g, " ");
  return { name: target.name ?? target.id, kind };
}

/** `name: "ci" → "deploy"`, a line a change; values as JSON, null shown as "none". */
export function changeLines(changes: AuditEventView["changes"]): string[] {
  const shown = (value: unknown) => (value === null ? "none" : typeof value === "string" ? value : JSON.stringify(value));
  return Object.entries(changes).map(([field, [old, now]]) => (old === null ? `${field}: ${shown(now)}` : `${field}: ${shown(old)} → ${shown(now)}`));
}
