// Child process of the crash test. `reserve`: makes a workspace, reserves, prints, then hangs
// until it is killed. `lease`: the same with three holds of 1 000 carved from one credit lease.
// `sweep <workspace> <reservation>`: runs the sweeper and prints the books.
import { CreditLeases } from "../../server/billing/leases";
import { sweepExpired, reserve } from "../../server/billing/reservations";
import { db } from "../../server/db";
import { migrate } from "../../server/migrations";
import { books, newWorkspace } from "./workspaces";

const [mode, workspaceId, reservationId] = process.argv.slice(2);
const print = (value: unknown) =>
  process.stdout.write(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v)) + "\n");

if (mode === "reserve") {
  const workspace = await newWorkspace(10_000n);
  const held = await reserve(workspace.workspaceId, 4_000n, Number(process.env.RESERVATION_TTL ?? 2));
  print({ workspaceId: workspace.workspaceId, reservationId: held.id, books: await books(workspace.workspaceId) });
  setInterval(() => undefined, 60_000); // the crash happens while this process holds the reservation
} else if (mode === "lease") {
  const workspace = await newWorkspace(10_000n);
  const leases = new CreditLeases();
  const ttl = Number(process.env.RESERVATION_TTL ?? 2) - 10; // a lease row lives 10 s beyond its holds' TTL
  const holds = await Promise.all([1, 2, 3].map(() => leases.hold(workspace.workspaceId, 1_000n, ttl)));
  const rows = await db().reservation.findMany({ where: { workspaceId: workspace.workspaceId }, select: { id: true } });
  print({ workspaceId: workspace.workspaceId, reservationId: holds[0].row.id, rows: rows.length, books: await books(workspace.workspaceId) });
  setInterval(() => undefined, 60_000);
} else {
  await migrate();
  const swept = await sweepExpired();
  const reservation = await db().reservation.findUniqueOrThrow({ where: { id: reservationId } });
  const held = await db().reservation.count({ where: { workspaceId, status: "held" } });
  print({ swept, status: reservation.status, held, books: await books(workspaceId) });
  process.exit(0);
}
