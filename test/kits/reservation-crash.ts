// Child process of the crash test. `reserve`: makes a workspace, reserves, prints, then hangs
// until it is killed. `sweep <workspace> <reservation>`: runs the sweeper and prints the books.
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
} else {
  await migrate();
  const swept = await sweepExpired();
  const reservation = await db().reservation.findUniqueOrThrow({ where: { id: reservationId } });
  print({ swept, status: reservation.status, books: await books(workspaceId) });
  process.exit(0);
}
