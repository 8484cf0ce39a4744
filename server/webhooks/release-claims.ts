// Claims handed back by a process that stops: its deliveries still on the wire become due again
// at once (another replica, or this one restarted, sends them: at least once), and the attempt the
// claim counted is given back, since its outcome will never be recorded.
import "server-only";
import { db } from "../db";

export async function releaseClaims(ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db().webhookDelivery.updateMany({
    where: { id: { in: ids }, status: "pending" },
    data: { lockedUntil: null, attempts: { decrement: 1 } },
  });
}
