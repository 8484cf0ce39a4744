// Deletes expired Idempotency-Key records. Expired records already count as absent, so this only
// keeps the table small; sweepExpiredKeys skips rows another replica holds.
import "server-only";
import { sweepExpiredKeys } from "./idempotency-store";

export const IDEMPOTENCY_SWEEP_SECONDS = 60;
const BATCH = 1000;

/** Batches of 1000 until a short one; a large backlog is worked off over several ticks. */
export async function sweepIdempotencyKeys(): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 100; round++) {
    const batch = await sweepExpiredKeys(BATCH);
    deleted += batch;
    if (batch < BATCH) break;
  }
  return deleted;
}
