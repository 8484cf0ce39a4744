// Deletes expired Idempotency-Key records on a timer in every server process. Safe on any number
// of replicas at once: sweepExpiredKeys skips rows another replica holds. Expired records already
// count as absent, so this only keeps the table small.
import { log } from "../log";
import { sweepExpiredKeys } from "./idempotency-store";

export const IDEMPOTENCY_SWEEP_SECONDS = 60;
const BATCH = 1000;

export function startIdempotencySweeper(everySeconds = IDEMPOTENCY_SWEEP_SECONDS): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      // Batches of 1000 until a short one; a large backlog is worked off over several ticks.
      let deleted = 0;
      for (let round = 0; round < 100; round++) {
        const batch = await sweepExpiredKeys(BATCH);
        deleted += batch;
        if (batch < BATCH) break;
      }
      if (deleted > 0) log.info({ deleted }, "expired idempotency keys deleted");
    } catch (err) {
      log.error({ err }, "idempotency key sweep failed");
    } finally {
      running = false;
    }
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
