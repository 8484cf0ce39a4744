// Periodic work of a server process (sweepers, compute billing): never two runs of one task at a
// time in a process, errors logged, the timer never keeps the process alive. Every task is safe to
// run on all replicas at once (each claims its rows with SKIP LOCKED or conditional updates).
import "server-only";
import { log } from "../log";

/** Runs `work` every `seconds`; a positive count it returns is logged as `done`. Returns a stop function. */
export function every(seconds: number, done: string, work: () => Promise<number>): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const count = await work();
      if (count > 0) log.info({ count }, done);
    } catch (err) {
      log.error({ err, task: done }, "periodic task failed");
    } finally {
      running = false;
    }
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
