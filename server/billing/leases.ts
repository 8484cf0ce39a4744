// Credit leases: a generation's credits are held without a statement of its own. Each process
// leases credits for a (workspace, key) pair as an ordinary reservation row (reserve_credits: the
// workspace's balance and the key's monthly budget, checked and held in one statement) and carves
// the holds of its generations out of it in memory. Settling a hold is the one statement a
// generation needs: it charges the hold's actual from the lease row and writes the charge's rows
// (settle-statement.ts spendFromLease); the rest of the hold goes back to the lease in memory.
//
// How big a lease: as many holds as are in flight for the pair in this process (at most
// MOST_HOLDS_PER_LEASE), so a lone client leases exactly its hold (one row per generation, as
// before) and 50 concurrent ones share one row per ~32 generations. When the big lease is refused
// (the balance or the budget is nearly spent), the pair leases only exact holds for a while.
//
// Why nothing can be overspent, across any number of processes:
// - In the database, every lease is a held reservation: `workspaces.reserved` and each key-line
//   row's `reserved` include its `amount`, and reserve_credits took it only where
//   balance − reserved (and the key's limit − used − reserved) covered it. That is the invariant
//   every other spender checks, so leased credits cannot be spent twice across processes.
// - In memory, a lease row's `held` is what its row holds: `free` plus the holds carved out of it.
//   A hold is carved only from `free` (synchronously, so two holds never take the same credits).
// - A settlement takes charged + freed from the row only if the row still holds that much
//   (`amount >= taken` in the statement), so it can never take more than the row held; a charge
//   is at most its hold. The balance thus never falls below what was reserved against it.
// - Each movement runs once: a charge's ledger entry carries the hold's id (unique), so a retried
//   settlement whose first try committed fails whole (or finds its row closed) and is answered
//   from that entry; a failed generation's record is unique in the same way. A give-back without
//   either is tried again only where a retry cannot take twice (lease-returns.ts); otherwise the
//   row keeps the credits held until it expires, never fewer than it should.
// - A crashed process's lease rows expire at their `expires_at` (the hold's TTL plus
//   LEASE_SPAN_SECONDS) and the sweeper of any replica frees them, as any reservation. A hold
//   settled after its row was swept is charged only from what is available then (chargeLate).
// - A row closes (its free part goes back, in the same statement) when its last hold ends, so an
//   idle workspace holds nothing, and a refusal first gives this process's free parts back.
import "server-only";
import { db } from "../db";
import { newId } from "../ids";
import { log } from "../log";
import { chargeEvenWithoutMetadata, type ChargeInput } from "./charges";
import { creditGroup } from "./group-commit";
import { giveBack, giveBackUnanswered, type LeaseRow } from "./lease-returns";
import { chargeLate, refuse, tryReserve, type Settlement } from "./reservations";
import { isTransientWriteError } from "./write-surely";
import { spendFromLease, type FailedGeneration } from "./settle-statement";
import type { GenerationRecord } from "./sql-pieces";

/** The most holds one lease is sized for. */
const MOST_HOLDS_PER_LEASE = 32;
/** How long a lease takes new holds; its row lives this long beyond a hold's TTL. */
const LEASE_SPAN_SECONDS = 10;
/** After a big lease was refused, the pair leases exact holds for this long. */
const EXACT_FOR_MS = 2_000;

type Pair = { workspaceId: string; keyId: string | null; group: string; rows: Set<LeaseRow>; waiting: number; exactUntil: number; growing: Promise<unknown> | null };

type Movement = { charged: bigint; freed: bigint; closing: boolean };

export type Hold = {
  readonly id: string;
  readonly workspaceId: string;
  readonly keyId: string | null;
  readonly amount: bigint;
  row: LeaseRow;
  pair: Pair;
  /** Decided once, by the first settle or release: what it charges and gives back (and whether it closes the row). */
  movement: Movement | null;
  /** The movement is a release (no charge). */
  releasing?: boolean;
  /** The movement is written (or handed on): its row no longer waits for it. */
  written?: boolean;
  outcome: Settlement | null;
};

/** The leases of one process. */
export class CreditLeases {
  private readonly pairs = new Map<string, Pair>();

  /** Holds `amount` µcr for `ttlSeconds` (402 when the workspace or the key's line cannot pay it). */
  async hold(workspaceId: string, amount: bigint, ttlSeconds: number, keyId: string | null = null): Promise<Hold> {
    if (amount <= 0n) throw new RangeError("a hold must be positive");
    const pair = this.pairOf(workspaceId, keyId);
    pair.waiting++;
    let held: Hold;
    try {
      held = await this.carveOrLease(pair, amount, ttlSeconds);
    } finally {
      // The last of the pair's callers closes the rows no hold uses any more (a refusal is answered
      // only once they are given back).
      if (--pair.waiting === 0) await this.closeIdle(pair);
    }
    return held;
  }

  private async carveOrLease(pair: Pair, amount: bigint, ttlSeconds: number): Promise<Hold> {
    for (;;) {
      const row = this.rowFor(pair, amount, ttlSeconds);
      if (row) return carve(pair, row, amount);
      if (Date.now() < pair.exactUntil) return await this.lease(pair, amount, amount, ttlSeconds);
      if (pair.growing) {
        await pair.growing.catch(() => undefined);
        continue;
      }
      const wanted = amount * BigInt(Math.min(MOST_HOLDS_PER_LEASE, pair.waiting + holdsOf(pair)));
      const growing = this.lease(pair, wanted, amount, ttlSeconds);
      pair.growing = growing;
      try {
        return await growing;
      } finally {
        pair.growing = null;
      }
    }
  }

  /**
   * Charges `actual` (at most the hold) with its usage and the generation's record, and gives
   * the rest back to the lease. Once: settling again answers what the first did.
   */
  async settle(hold: Hold, actual: bigint, charge: ChargeInput, generation?: GenerationRecord): Promise<Settlement> {
    if (hold.outcome) return hold.outcome.status === "settled" ? { status: "already_settled", charged: hold.outcome.charged } : hold.outcome;
    if (hold.releasing) return { status: "refused", charged: 0n };
    const charged = actual < hold.amount ? actual : hold.amount;
    if (actual > charged) log.warn({ hold: hold.id, actual: String(actual), charged: String(charged) }, "usage over hold capped");
    const movement = (hold.movement ??= this.end(hold, charged));
    const spend = (usage: ChargeInput) => spendFromLease(hold.pair.group, hold.row.id, { holdId: hold.id, ...movement, charge: usage, generation });
    let moved;
    try {
      moved = await chargeEvenWithoutMetadata(charge, spend, { hold: hold.id });
    } catch (error) {
      // A retry of a settlement that committed: its ledger entry is there.
      const before = await chargedBefore(hold.id, generation?.id);
      if (before === null) throw error;
      return written(hold, { status: "settled", charged: before });
    }
    if (moved) return written(hold, { status: "settled", charged: moved.charged });
    const before = await chargedBefore(hold.id, generation?.id);
    if (before !== null) return written(hold, { status: "settled", charged: before });
    // The row was swept meanwhile (this process was too slow): charge what is available now.
    hold.row.closed = true;
    const late = { workspaceId: hold.workspaceId, keyId: hold.keyId, heldAt: hold.row.heldAt, entryId: hold.id };
    return written(hold, await db().$transaction((tx) => chargeLate(tx, late, movement.charged, charge, generation)));
  }

  /**
   * Gives the whole hold back, with the record of the generation it held for when given (one that
   * failed, or whose client left before any text). False when it was settled or released already.
   */
  async release(hold: Hold, failed?: FailedGeneration): Promise<boolean> {
    // Released already, or settled (or being settled): nothing more to give back. A release whose
    // statement failed is tried again (writeSurely) with the movement it decided.
    if (hold.outcome || (hold.movement && !hold.releasing)) return false;
    const movement = (hold.movement ??= this.end(hold, 0n));
    hold.releasing = true;
    const released: Settlement = { status: "refused", charged: 0n };
    if (!failed) {
      // A plain give-back: lease-returns.ts tries it again where that is safe.
      written(hold, released);
      await giveBack(hold.pair.group, hold.row, movement.freed, movement.closing);
      return true;
    }
    // The generation's id (unique) keeps a retry from freeing twice: a retry whose first try
    // committed finds the record written.
    await spendFromLease(hold.pair.group, hold.row.id, { holdId: hold.id, ...movement, failed }).catch(async (error: unknown) => {
      if (!(await db().generation.findUnique({ where: { id: failed.generation.id }, select: { id: true } }))) throw error;
    });
    written(hold, released);
    return true;
  }

  /**
   * Ends `hold` in memory: what its movement charges and gives back. The row's last hold closes it
   * and gives back all it still holds, unless holds of this pair are being asked for right now
   * (the last of them closes it then: closeIdle).
   */
  private end(hold: Hold, charged: bigint): Movement {
    const { row, pair } = hold;
    row.holds--;
    row.held -= charged;
    row.unwritten++;
    if (row.holds > 0 || (pair.waiting > 0 && !row.closed)) {
      row.free += hold.amount - charged;
      return { charged, freed: 0n, closing: false };
    }
    const freed = row.held;
    this.drop(pair, row);
    return { charged, freed, closing: true };
  }

  /** Closes the rows of `pair` no hold uses, giving back what they hold (when no one is asking for a hold). */
  private async closeIdle(pair: Pair): Promise<void> {
    const moves: Promise<unknown>[] = [];
    for (const row of pair.rows) {
      if (row.holds > 0) continue;
      const freed = row.held;
      this.drop(pair, row);
      moves.push(giveBack(pair.group, row, freed, true));
    }
    this.forgetIfUnused(pair);
    await Promise.all(moves);
  }

  /** Forgets a row whose last movement is on its way: it takes no more holds and holds nothing. */
  private drop(pair: Pair, row: LeaseRow): void {
    row.closed = true;
    row.free = 0n;
    row.held = 0n;
    pair.rows.delete(row);
    this.forgetIfUnused(pair);
  }

  private forgetIfUnused(pair: Pair): void {
    if (pair.rows.size === 0 && pair.waiting === 0 && this.pairs.get(pair.group) === pair) this.pairs.delete(pair.group);
  }

  private pairOf(workspaceId: string, keyId: string | null): Pair {
    const group = creditGroup(workspaceId, keyId);
    let pair = this.pairs.get(group);
    if (!pair) this.pairs.set(group, (pair = { workspaceId, keyId, group, rows: new Set(), waiting: 0, exactUntil: 0, growing: null }));
    return pair;
  }

  private rowFor(pair: Pair, amount: bigint, ttlSeconds: number): LeaseRow | undefined {
    const until = Date.now() + ttlSeconds * 1000;
    for (const row of pair.rows) if (!row.closed && row.free >= amount && row.expiresAt >= until) return row;
    return undefined;
  }

  /**
   * A new lease row of `wanted` µcr, or of `amount` when that is refused; when even that is
   * refused, this process's free parts go back first and `amount` is tried once more, so a
   * refusal never leaves credits idle in this process. Returns the hold of `amount` it was for,
   * carved as the row is added (no other hold can take the row's credits first).
   */
  private async lease(pair: Pair, wanted: bigint, amount: bigint, ttlSeconds: number): Promise<Hold> {
    const span = ttlSeconds + LEASE_SPAN_SECONDS;
    const reserve = (size: bigint) => {
      const id = newId("rsv");
      return tryReserve(pair.workspaceId, size, span, pair.keyId, id).catch((error: unknown) => {
        if (isTransientWriteError(error)) giveBackUnanswered(pair.group, id, size);
        throw error;
      });
    };
    let held = await reserve(wanted);
    if ("code" in held && wanted > amount) {
      pair.exactUntil = Date.now() + EXACT_FOR_MS;
      held = await reserve(amount);
    }
    if ("code" in held && (await this.giveBackFree(pair))) held = await reserve(amount);
    if ("code" in held) return refuse(held, pair.workspaceId, pair.keyId, amount);
    const row: LeaseRow = { id: held.id, heldAt: held.heldAt ?? new Date(), expiresAt: Date.now() + span * 1000, held: held.amount, free: held.amount, holds: 0, closed: false, unwritten: 0 };
    pair.rows.add(row);
    return carve(pair, row, amount);
  }

  /** Gives back the free part of every row of `pair` (each closes when its holds in flight end); whether there was any. */
  private async giveBackFree(pair: Pair): Promise<boolean> {
    const moves: Promise<unknown>[] = [];
    for (const row of pair.rows) {
      if (row.free === 0n) continue;
      const freed = row.free;
      const closing = row.holds === 0;
      if (closing) this.drop(pair, row);
      else {
        row.free = 0n;
        row.held -= freed;
        row.closed = true;
      }
      moves.push(giveBack(pair.group, row, freed, closing));
    }
    await Promise.all(moves);
    return moves.length > 0;
  }
}

/**
 * What the hold `holdId` was charged, if its charge is written: its ledger entry carries its id,
 * or, for a charge of 0 (no entry), the record of its generation `generationId` is written. Null if not.
 */
async function chargedBefore(holdId: string, generationId?: string): Promise<bigint | null> {
  const entry = await db().ledgerEntry.findUnique({ where: { reservationId: holdId }, select: { amount: true } });
  if (entry) return -entry.amount;
  if (!generationId) return null;
  const record = await db().generation.findUnique({ where: { id: generationId }, select: { credits: true } });
  return record ? record.credits : null;
}

/** Sets the outcome of `hold`, whose movement is written (or, for a plain release, handed on): the row no longer waits for it. */
function written(hold: Hold, outcome: Settlement): Settlement {
  if (!hold.written) hold.row.unwritten--;
  hold.written = true;
  return (hold.outcome = outcome);
}

function carve(pair: Pair, row: LeaseRow, amount: bigint): Hold {
  row.free -= amount;
  row.holds++;
  return { id: newId("rsv"), workspaceId: pair.workspaceId, keyId: pair.keyId, amount, row, pair, movement: null, outcome: null };
}

const holdsOf = (pair: Pair) => [...pair.rows].reduce((sum, row) => sum + row.holds, 0);

/** This process's leases. */
export const creditLeases = new CreditLeases();
