// Compute is charged per started hour at the plan's hourly rate, through the ledger, as usage of
// engine `compute`. Policy when a workspace cannot pay the next hour: the instance is powered off
// (an ordinary power_off with its action and status events: nothing is deleted, no data is lost)
// and can be powered on again after a top-up. Safe on every replica at once (SKIP LOCKED).
import { toMicro } from "../../billing/credits";
import { writeCharge } from "../../billing/charges";
import { lockFunds } from "../../billing/funds";
import { db } from "../../db";
import { log } from "../../log";
import { planOf } from "../catalog";
import { billed } from "./state-machine";
import { begin } from "./transitions";

const HOUR_MS = 3_600_000;

/** Charges every started hour that is due; returns how many hours it charged. */
export async function billCompute(limit = 100): Promise<number> {
  let charged = 0;
  for (let i = 0; i < limit; i++) {
    const done = await db().$transaction(async (tx) => {
      const [due] = await tx.$queryRaw<{ id: string; workspace_id: string; project_id: string; hostname: string; plan: string; billed_through: Date }[]>`
        SELECT id, workspace_id, project_id, hostname, plan, billed_through FROM instances
        WHERE status = ANY(${billed}::text[]) AND billed_through IS NOT NULL AND billed_through <= now()
        ORDER BY billed_through LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!due) return false;
      const rate = toMicro(planOf(due.plan)?.hourly_rate ?? 0);
      const available = await lockFunds(tx, due.workspace_id);
      if (available === null || available < rate) {
        await tx.instance.update({ where: { id: due.id }, data: { billedThrough: null } });
        const status = await tx.instance.findUniqueOrThrow({ where: { id: due.id }, select: { status: true } });
        if (status.status === "running") await begin(tx, due.project_id, due.id, "power_off");
        log.warn({ instance: due.id }, "compute hour unpaid: instance powered off");
        return true;
      }
      await writeCharge(tx, due.workspace_id, rate, {
        projectId: due.project_id, engine: "compute", inputTokens: 0, outputTokens: 0,
        resource: due.id, description: `Compute: an hour of ${due.hostname} (${due.plan})`,
      });
      await tx.instance.update({ where: { id: due.id }, data: { billedThrough: new Date(due.billed_through.getTime() + HOUR_MS) } });
      charged++;
      return true;
    });
    if (!done) break;
  }
  return charged;
}
