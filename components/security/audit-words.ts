// The audit log in words: what each action means and who an actor is, as the Security page says it.
import type { AuditAction, AuditEventView } from "@/server/audit/schema";
import type { BadgeTone } from "@/components/ui/badge";

export const actionWords: Record<AuditAction, { label: string; tone: BadgeTone }> = {
  "user.sign_in": { label: "Signed in", tone: "good" },
  "user.sign_in_failed": { label: "Sign-in failed", tone: "bad" },
  "user.sign_up": { label: "Signed up", tone: "good" },
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
};

/** "Console user", "API key", "Operator"... with the id to match against the API keys page. */
export function actorWords(actor: AuditEventView["actor"]): { kind: string; id: string | null } {
  if (actor.type === "api_key") return { kind: "API key", id: actor.id };
  if (actor.type === "user") return { kind: "Console user", id: actor.id };
  if (actor.id === "cli") return { kind: "Operator (admin CLI)", id: null };
  if (actor.id === "system") return { kind: "Switchyard", id: null };
  return { kind: "Operator", id: actor.id };
}
