// Auto-recharge's settings: a saved card (Checkout in setup mode), a threshold, a target balance
// or a fixed amount, an optional monthly cap. GET|PATCH /v1/billing/auto_recharge and the console.
import "server-only";
import type { AutoRecharge } from "@prisma/client";
import type { AuditActor } from "../../actor";
import { recordAudit } from "../../audit/service";
import { db, type Tx } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { toCredits, toMicro } from "../credits";
import type { SavedCard } from "./provider";
import type { AutoRechargeInput } from "./schema";
import { paymentProvider } from "./settings";

const DEFAULTS = { enabled: false, threshold: 5_000_000n, target: null, amount: null, monthlyCap: null, cardBrand: null, cardLast4: null, paymentMethodId: null, failures: 0, disabledReason: null };

export function autoRechargeView(row: Pick<AutoRecharge, keyof typeof DEFAULTS> | null) {
  const r = row ?? DEFAULTS;
  const credits = (micro: bigint | null) => (micro === null ? null : toCredits(micro));
  return {
    enabled: r.enabled,
    threshold_credits: toCredits(r.threshold),
    target_credits: credits(r.target),
    amount_credits: credits(r.amount),
    monthly_cap_credits: credits(r.monthlyCap),
    payment_method: r.paymentMethodId ? { brand: r.cardBrand, last4: r.cardLast4 } : null,
    failures: r.failures,
    disabled_reason: r.disabledReason,
  };
}

export async function getAutoRecharge(workspaceId: string) {
  return autoRechargeView(await db().autoRecharge.findUnique({ where: { workspaceId } }));
}

const micro = (credits: number | null | undefined) => (credits === undefined ? undefined : credits === null ? null : toMicro(credits));

export async function updateAutoRecharge(workspaceId: string, input: AutoRechargeInput, by?: AuditActor) {
  return db().$transaction(async (tx) => {
    const before = await tx.autoRecharge.findUnique({ where: { workspaceId } });
    const next = {
      enabled: input.enabled ?? before?.enabled ?? false,
      threshold: micro(input.threshold_credits) ?? before?.threshold ?? DEFAULTS.threshold,
      target: micro(input.target_credits) !== undefined ? micro(input.target_credits)! : (before?.target ?? null),
      amount: micro(input.amount_credits) !== undefined ? micro(input.amount_credits)! : (before?.amount ?? null),
      monthlyCap: micro(input.monthly_cap_credits) !== undefined ? micro(input.monthly_cap_credits)! : (before?.monthlyCap ?? null),
    };
    if (next.enabled) {
      if (!before?.paymentMethodId) throw new AppError("conflict", "Save a card for auto-recharge first (the console's Billing page, \"Save a card\").");
      if ((next.target === null) === (next.amount === null)) {
        throw new AppError("invalid_body", "Give either `target_credits` (top up to this balance) or `amount_credits` (buy this many), not both or neither.", { param: "target_credits" });
      }
      if (next.target !== null && next.target <= next.threshold) {
        throw new AppError("invalid_body", "`target_credits` must be above `threshold_credits`.", { param: "target_credits" });
      }
      const bought = next.amount ?? next.target!;
      if (bought > toMicro(env.TOP_UP_MAX_CREDITS)) {
        throw new AppError("invalid_body", `A recharge buys at most ${env.TOP_UP_MAX_CREDITS} credits.`, { param: next.amount !== null ? "amount_credits" : "target_credits" });
      }
    }
    // Turning it on again starts the failure count afresh.
    const reset = next.enabled && !before?.enabled ? { failures: 0, disabledReason: null, pausedUntil: null } : {};
    const row = await tx.autoRecharge.upsert({ where: { workspaceId }, create: { workspaceId, ...next }, update: { ...next, ...reset } });
    const was = autoRechargeView(before);
    const now = autoRechargeView(row);
    const changes = Object.fromEntries(
      (["enabled", "threshold_credits", "target_credits", "amount_credits", "monthly_cap_credits"] as const)
        .filter((k) => was[k] !== now[k])
        .map((k): [string, [unknown, unknown]] => [k, [was[k], now[k]]]),
    );
    await recordAudit(tx, { workspaceId, action: "billing.auto_recharge_update", by, target: { type: "workspace", id: workspaceId, name: "auto-recharge" }, changes });
    return now;
  });
}

/** The provider's page where the workspace saves a card for recharges (its customer made on first use). */
export async function startCardSetup(workspaceId: string, returnUrl: string) {
  const provider = paymentProvider();
  const row = await db().autoRecharge.findUnique({ where: { workspaceId } });
  let customerId = row?.customerId ?? null;
  if (!customerId) {
    const workspace = await db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
    customerId = await provider.createCustomer({ workspaceId, name: workspace.name });
    await db().autoRecharge.upsert({ where: { workspaceId }, create: { workspaceId, customerId }, update: { customerId } });
  }
  const page = await provider.setupCheckout({ workspaceId, customerId, returnUrl, currency: env.CREDIT_CURRENCY });
  return { url: page.url };
}

/** The card saved through the setup page, from the provider's event. */
export async function saveCard(tx: Tx, workspaceId: string, customerId: string, card: SavedCard) {
  const data = { customerId, paymentMethodId: card.paymentMethodId, cardBrand: card.brand, cardLast4: card.last4, failures: 0, disabledReason: null };
  await tx.autoRecharge.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data });
  await recordAudit(tx, {
    workspaceId,
    action: "billing.auto_recharge_update",
    by: undefined,
    target: { type: "workspace", id: workspaceId, name: "auto-recharge" },
    changes: { payment_method: [null, `${card.brand ?? "card"} •••• ${card.last4 ?? "????"}`] },
  });
}
