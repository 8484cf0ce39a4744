// The low-balance alert: the threshold below which a workspace's balance is low (the overview's
// notice, the `billing.balance_low` event: sql-pieces.ts lowBalanceEvent) and whether its owners
// are mailed then. GET|PATCH /v1/billing/low_balance_alert and the console's Billing page. The mail
// follows the event, which is written only by the charge that takes the balance from at or above
// the threshold to below it: one mail per fall, however many charges run at once on however many
// replicas, and none again until the balance has been back at or above the threshold.
import "server-only";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { quoted } from "../vocab/quoted";
import { toCredits, toMicro } from "./credits";
import { mailOwners } from "./payments/recharge-mail";
import type { LowBalanceAlertInput } from "./schema";

type Row = { balance: bigint; lowBalanceThreshold: bigint; lowBalanceMail: boolean };

const view = (row: Row) => ({
  threshold_credits: toCredits(row.lowBalanceThreshold),
  mail_owners: row.lowBalanceMail,
  below_threshold: row.balance < row.lowBalanceThreshold,
});

const columns = { balance: true, lowBalanceThreshold: true, lowBalanceMail: true } as const;

export async function getLowBalanceAlert(workspaceId: string) {
  const row = await db().workspace.findUnique({ where: { id: workspaceId }, select: columns });
  if (!row) throw new AppError("not_found", `No workspace ${quoted(workspaceId)}.`);
  return view(row);
}

export async function updateLowBalanceAlert(workspaceId: string, input: LowBalanceAlertInput, by?: AuditActor) {
  return db().$transaction(async (tx) => {
    const before = await tx.workspace.findUnique({ where: { id: workspaceId }, select: columns });
    if (!before) throw new AppError("not_found", `No workspace ${quoted(workspaceId)}.`);
    const row = await tx.workspace.update({
      where: { id: workspaceId },
      data: {
        ...(input.threshold_credits !== undefined && { lowBalanceThreshold: toMicro(input.threshold_credits) }),
        ...(input.mail_owners !== undefined && { lowBalanceMail: input.mail_owners }),
      },
      select: columns,
    });
    const was = view(before);
    const now = view(row);
    const changes = Object.fromEntries(
      (["threshold_credits", "mail_owners"] as const).filter((k) => was[k] !== now[k]).map((k): [string, [unknown, unknown]] => [k, [was[k], now[k]]]),
    );
    await recordAudit(tx, { workspaceId, action: "billing.low_balance_alert_update", by, target: { type: "workspace", id: workspaceId, name: "low-balance alert" }, changes });
    return now;
  });
}

/** Mails the owners of each workspace whose balance fell below its threshold (the events' data), if it asked to be. */
export async function mailLowBalances(falls: { workspaceId: string; balance: number; threshold: number }[]): Promise<void> {
  if (falls.length === 0) return;
  const asked = await db().workspace.findMany({ where: { id: { in: falls.map((f) => f.workspaceId) }, lowBalanceMail: true }, select: { id: true } });
  const mailed = new Set(asked.map((w) => w.id));
  await Promise.all(
    falls
      .filter((fall) => mailed.has(fall.workspaceId))
      .map((fall) =>
        mailOwners(fall.workspaceId, "Your Switchyard balance is low", [
          `The balance fell to ${fall.balance} credits, below the low-balance threshold of ${fall.threshold} credits.`,
          "Requests it cannot cover are refused with 402 insufficient_credits. Add credits, or turn on auto-recharge.",
          "This mail is sent once: again only after the balance has been back at or above the threshold.",
        ]),
      ),
  );
}
