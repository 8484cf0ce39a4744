// A key whose limit_reset changes: what its requests in flight hold moves from the row of its old
// period to the row of its new one, so that their settlement (which finds the row by the key's
// reset now) frees it where it is held. What the key spent in the old period stays there: the new
// period counts from what was already on its row (nothing, unless both begin the same day).
import "server-only";
import { Prisma } from "@prisma/client";
import type { Tx } from "../db";
import type { LimitReset } from "../vocab/limit-resets";
import { spendPeriodStart } from "./sql-pieces";

/** In the transaction that changes the key's limit_reset from `from` to `to`, at the service's clock `at`. */
export async function moveKeyHolds(tx: Tx, keyId: string, from: LimitReset, to: LimitReset, at: Date): Promise<void> {
  const old = spendPeriodStart(Prisma.sql`${from}::text`, Prisma.sql`${at}`);
  const next = spendPeriodStart(Prisma.sql`${to}::text`, Prisma.sql`${at}`);
  const [row] = await tx.$queryRaw<{ reserved: bigint; same: boolean }[]>`
    SELECT reserved, ${old} = ${next} AS same FROM key_monthly_spend WHERE key_id = ${keyId} AND month = ${old} FOR UPDATE`;
  if (!row || row.same || row.reserved === 0n) return;
  await tx.$executeRaw`UPDATE key_monthly_spend SET reserved = 0 WHERE key_id = ${keyId} AND month = ${old}`;
  await tx.$executeRaw`
    INSERT INTO key_monthly_spend (key_id, month, reserved) VALUES (${keyId}, ${next}, ${row.reserved}::bigint)
    ON CONFLICT (key_id, month) DO UPDATE SET reserved = key_monthly_spend.reserved + EXCLUDED.reserved`;
}
