// Compute is charged per started hour at the plan's hourly rate, through the ledger, as usage of
// engine `compute`, attributed to the key that created the instance (within its monthly limit and
// every ancestor's). The first hour of a run is charged when the instance becomes running, in the
// same transaction; each later hour by the biller, which also charges every hour begun before a
// run ended (stop or delete), so no hour is free however soon the instance is stopped or deleted.
// Policy when an hour cannot be paid (workspace balance or key limit): the instance is powered off
// (an ordinary power_off with its action and status events: nothing is deleted, no data is lost)
// and can be powered on again after a top-up. Safe on every replica at once: each hour is charged
// under the instance's row lock and moves billed_through past it.
import "server-only";
import { Prisma } from "@prisma/client";
import { toMicro } from "../../billing/credits";
import { writeCharge } from "../../billing/charges";
import { chargeKeyLine, lockFunds, refundKeyLine } from "../../billing/funds";
import { clockNow } from "../../clock";
import { db, type Tx } from "../../db";
import { log } from "../../log";
import { planOf } from "../catalog";
import { billed } from "../../vocab/instance-states";
import { begin } from "./transitions";

const HOUR_MS = 3_600_000;

type Billable = {
  id: string; workspace_id: string; project_id: string; key_id: string | null; hostname: string; plan: string; status: string;
  billed_through: Date; run_ended_at: Date | null;
};

/**
 * The instance's next unpaid hour, if one has begun: while it runs, up to now; after its run
 * ended, only hours begun before the end. Locks the instance's row (or skips it, `skipLocked`,
 * when another replica is charging it).
 */
async function dueHour(tx: Tx, instanceId: string | null, skipLocked: boolean): Promise<Billable | undefined> {
  const [due] = await tx.$queryRaw<Billable[]>`
    SELECT id, workspace_id, project_id, key_id, hostname, plan, status, billed_through, run_ended_at FROM instances
    WHERE billed_through IS NOT NULL AND billed_through <= now()
      AND ((run_ended_at IS NULL AND status = ANY(${billed}::text[])) OR billed_through < run_ended_at)
      AND (${instanceId}::text IS NULL OR id = ${instanceId}::text)
    ORDER BY billed_through LIMIT 1 FOR UPDATE ${skipLocked ? Prisma.sql`SKIP LOCKED` : Prisma.empty}`;
  return due;
}

/** Charges the hour that begins at billed_through; false (nothing charged) when it cannot be paid. */
async function chargeHour(tx: Tx, due: Billable): Promise<boolean> {
  const rate = toMicro(planOf(due.plan)?.hourly_rate ?? 0);
  const at = clockNow();
  // Key rows before the workspace's, the lock order of reserve.
  if (due.key_id && !(await chargeKeyLine(tx, due.key_id, rate, at))) return false;
  const available = await lockFunds(tx, due.workspace_id);
  if (available === null || available < rate) {
    if (due.key_id) await refundKeyLine(tx, due.key_id, rate, at);
    return false;
  }
  await writeCharge(tx, due.workspace_id, rate, {
    projectId: due.project_id, keyId: due.key_id, engine: "compute", inputTokens: 0, outputTokens: 0,
    resource: due.id, description: `Compute: an hour of ${due.hostname} (${due.plan})`,
  });
  // Paid through the end of an ended run: nothing more is due, and the biller no longer looks at it.
  const next = new Date(due.billed_through.getTime() + HOUR_MS);
  await tx.instance.update({ where: { id: due.id }, data: { billedThrough: due.run_ended_at && next >= due.run_ended_at ? null : next } });
  return true;
}

/** An hour that cannot be paid: billing stops, and a running instance is powered off. */
async function unpaid(tx: Tx, due: Billable): Promise<void> {
  await tx.instance.update({ where: { id: due.id }, data: { billedThrough: null } });
  const { status } = await tx.instance.findUniqueOrThrow({ where: { id: due.id }, select: { status: true } });
  if (status === "running") await begin(tx, due.project_id, due.id, "power_off");
  log.warn({ instance: due.id }, "compute hour unpaid: billing stopped, a running instance powered off");
}

/** Charges (or settles as unpaid) one due hour; false when none was due. */
async function billOne(tx: Tx, due: Billable | undefined): Promise<"charged" | "unpaid" | false> {
  if (!due) return false;
  if (await chargeHour(tx, due)) return "charged";
  await unpaid(tx, due);
  return "unpaid";
}

/** Charges every started hour that is due, on any instance; returns how many hours it charged. */
export async function billCompute(limit = 100): Promise<number> {
  let charged = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await db().$transaction(async (tx) => billOne(tx, await dueHour(tx, null, true)));
    if (!outcome) break;
    if (outcome === "charged") charged++;
  }
  return charged;
}

/**
 * Inside the transaction that makes the instance running (create or power_on): first the hours
 * of its last run begun before that run ended and not yet charged, then a new run whose first
 * hour is charged at once. An unpaid first hour powers the instance off again.
 */
export async function startRun(tx: Tx, instanceId: string): Promise<void> {
  while ((await billOne(tx, await dueHour(tx, instanceId, false))) === "charged");
  // The database's clock, to the millisecond the column keeps: the first hour is due at once.
  await tx.$executeRaw`UPDATE instances SET billed_through = date_trunc('milliseconds', now()), run_ended_at = NULL WHERE id = ${instanceId}`;
  await billOne(tx, await dueHour(tx, instanceId, false));
}
