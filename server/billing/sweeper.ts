// Runs the reservation sweeper on a timer in every server process. Safe on any number of
// replicas at once: sweepExpired skips rows another replica holds.
import { log } from "../log";
import { sweepExpired } from "./reservations";

export function startReservationSweeper(everySeconds: number): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const expired = await sweepExpired();
      if (expired > 0) log.info({ expired }, "expired reservations released");
    } catch (err) {
      log.error({ err }, "reservation sweep failed");
    } finally {
      running = false;
    }
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
