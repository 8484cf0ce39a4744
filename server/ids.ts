// Resource ids of both APIs: a type prefix, then a ULID (sortable by creation time, 80 random bits).
import "server-only";
import { randomFillSync } from "node:crypto";
import { monotonicFactory } from "ulid";

/**
 * The ULID library draws one byte per character from the system's random source; a request
 * makes several ids, so the bytes come from a pool refilled 4 KiB at a time (the same source).
 * A byte over 256 is exact for the 32 characters of the alphabet.
 */
const pool = Buffer.alloc(4096);
let next = pool.length;
export function pooledRandom(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

const ulid = monotonicFactory(pooledRandom);

export type IdPrefix =
  | "gen" | "prj" | "key" | "ins" | "act" | "snap" | "bkp" | "ssh" | "dom" | "rec"
  | "whk" | "evt" | "dlv" | "txn" | "req" | "usr" | "wsp" | "rsv" | "use" | "job" | "run" | "aud" | "call" | "ses" | "rcv" | "inv" | "pay";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}
