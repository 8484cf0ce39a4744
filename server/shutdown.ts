// What a server process does on SIGTERM or SIGINT (NEXT_MANUAL_SIG_HANDLE=1 leaves the signals to
// us): readiness fails and the listener closes at once; requests and streams in flight get
// SHUTDOWN_GRACE_SECONDS to finish, and what is still open then ends with a retryable
// `service_unavailable` after its delivered text is charged (lifecycle.ts); then the background
// work stops (the job runner and the webhook deliverer hand back their claims), the database
// closes cleanly (PGlite's folder is left consistent) and the process exits 0.
import "server-only";
import { env } from "./env";
import { stopListening } from "./http/node-server";
import { drain, startDraining } from "./lifecycle";
import { log } from "./log";

export function stopOnSignals(stopBackground: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    stopListening();
    log.info({ signal, grace_seconds: env.SHUTDOWN_GRACE_SECONDS }, "shutting down: draining");
    const { interrupted } = await drain(env.SHUTDOWN_GRACE_SECONDS * 1000);
    if (interrupted) log.warn({ interrupted }, "shutdown grace over: open requests ended with service_unavailable");
    await stopBackground();
    log.info("shut down");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
