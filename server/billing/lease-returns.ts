// Giving a lease's credits back to the workspace and the key's line, without a charge. Each give-back
// is one statement (settle-statement.ts spendFromLease) that takes from the row only while it
// holds that much, and most of them are tried once: a give-back has no ledger entry whose id would
// show that an earlier try committed, so trying it again could free the same credits twice. Two
// kinds are safe to try again, and are, in the background, until the database answers:
// - A closing give-back (the row's last movement: no hold is carved from it any more), once every
//   other movement of the row decided here is written: the row then holds just what it gives back
//   (the first try did not commit) or is closed (it did), so a retry never takes twice.
// - The give-back of a lease whose reserve statement failed on the database: it may have been
//   written all the same. Its row, if there is one, is known to no hold, and closes as it is given.
// A partial give-back whose outcome is unknown leaves its credits held until the row expires and
// the sweeper frees them: never fewer than the row should hold.
import "server-only";
import { newId } from "../ids";
import { log } from "../log";
import { spendFromLease } from "./settle-statement";
import { isTransientWriteError, writeSurely } from "./write-surely";

/** A lease's reservation row, as this process moved it. */
export type LeaseRow = {
  id: string;
  /** The service's clock when it was held: its charges count on the key line's periods of that moment. */
  heldAt: Date;
  expiresAt: number;
  /** What the row holds in the database, as this process moved it. */
  held: bigint;
  /** The part of `held` no hold has. */
  free: bigint;
  holds: number;
  /** Takes no more holds: its last movement gives the rest back. */
  closed: boolean;
  /** Movements of the row decided here whose statement is neither known to be written nor given up. */
  unwritten: number;
};

/** Gives `freed` of `row` back (`closing`: it is the row's last movement). Resolves after the first try. */
export async function giveBack(group: string, row: LeaseRow, freed: bigint, closing: boolean): Promise<void> {
  if (freed === 0n) return;
  row.unwritten++;
  const once = () => spendFromLease(group, row.id, { holdId: newId("rsv"), charged: 0n, freed });
  try {
    await once();
    row.unwritten--;
  } catch (error) {
    if (!closing || !isTransientWriteError(error)) {
      row.unwritten--;
      log.error({ err: error, lease: row.id }, "giving a lease's credits back failed; they stay held until it expires");
      return;
    }
    void writeSurely("return of a lease's credits", once, { ready: () => row.unwritten === 1 })
      .catch((failed: unknown) => log.error({ err: failed, lease: row.id }, "giving a lease's credits back failed; they stay held until it expires"))
      .finally(() => row.unwritten--);
  }
}

/** Gives back the lease `id` of `amount` whose reserve statement failed on the database, if it was written (in the background). */
export function giveBackUnanswered(group: string, id: string, amount: bigint): void {
  void writeSurely("return of an unanswered lease", () => spendFromLease(group, id, { holdId: newId("rsv"), charged: 0n, freed: amount })).catch((error: unknown) =>
    log.error({ err: error, lease: id }, "giving back a lease whose reserve went unanswered failed; it is held until it expires"),
  );
}
