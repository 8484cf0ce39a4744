// The server is one event loop shared by every workspace: whatever holds it holds /api/health,
// every other key and every stream. A timer every TICK_MS measures how late it fires; that
// lateness is the loop's lag (switchyard_event_loop_lag_seconds), and a hold longer than HELD_MS is
// logged at warn once for each request in flight while it happened, with its request id and
// route (the request that held the loop is among them). The bounds of input-limits.ts exist so
// that no caller can make such a line; one in the log is a bound missing.
import "server-only";
import { log } from "./log";
import { metrics } from "./metrics";
import { requestsInFlight } from "./request-context";

const TICK_MS = 50;
/** A hold past this is logged with the requests in flight. */
export const HELD_MS = 200;

const holder = globalThis as unknown as { switchyardWatchdog?: NodeJS.Timeout };

/** One lateness measured: into the histogram, and the warning when it is a hold. */
export function recordLag(lagMs: number): void {
  metrics().eventLoopLag.observe(lagMs / 1000);
  if (lagMs <= HELD_MS) return;
  for (const request of requestsInFlight()) {
    log.warn({ request_id: request.requestId, held_ms: Math.round(lagMs) }, "event loop held during a request");
  }
}

/** Starts the watchdog once per process (it never keeps the process alive). */
export function watchEventLoop(): void {
  if (holder.switchyardWatchdog) return;
  let expected = performance.now() + TICK_MS;
  holder.switchyardWatchdog = setInterval(() => {
    const now = performance.now();
    recordLag(Math.max(0, now - expected));
    expected = now + TICK_MS;
  }, TICK_MS);
  holder.switchyardWatchdog.unref();
}
