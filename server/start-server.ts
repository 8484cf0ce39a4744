// Start-up of a server process: bring the schema up to date, start the background sweepers, and
// stop gracefully on SIGTERM/SIGINT (shutdown.ts; NEXT_MANUAL_SIG_HANDLE=1 leaves the signals to
// us: Next's own handler exits at once, before PGlite is closed, and leaves its folder dirty).
import "server-only";
import { families } from "./ai/families";
import { sweepExpired } from "./billing/reservations";
import { billCompute } from "./cloud/instances/compute-billing";
import { registerInstanceJobs } from "./cloud/instances/operations";
import { startJobRunner } from "./jobs/runner";
import { closeChangeChannel } from "./changes/channel";
import { closeDatabase } from "./db";
import { IDEMPOTENCY_SWEEP_SECONDS, sweepIdempotencyKeys } from "./http/idempotency-sweeper";
import { every } from "./jobs/every";
import { watchEventLoop } from "./event-loop-watchdog";
import { env } from "./env";
import { log } from "./log";
import { stopOnSignals } from "./shutdown";
import { DAILY_CHARGES_CHECK_SECONDS, writeDailyCharges } from "./billing/daily-charges";
import { startDeliverer } from "./webhooks/deliverer";
import { migrate } from "./migrations";
import { checkSharedSecrets } from "./secrets";

export async function startServer(): Promise<void> {
  watchEventLoop();
  checkSharedSecrets();
  await migrate();
  families(); // a bad model families file stops the server here, with the reason, not on a request
  const stopTimers = [
    every(env.RESERVATION_SWEEP_SECONDS, "expired reservations released", () => sweepExpired()),
    every(IDEMPOTENCY_SWEEP_SECONDS, "expired idempotency keys deleted", sweepIdempotencyKeys),
    every(env.COMPUTE_BILLING_SECONDS, "compute hours charged", () => billCompute()),
    every(DAILY_CHARGES_CHECK_SECONDS, "daily charge events written", () => writeDailyCharges()),
  ];
  registerInstanceJobs();
  const stopJobs = startJobRunner();
  const stopDeliverer = startDeliverer();
  stopOnSignals(async () => {
    for (const stopTimer of stopTimers) stopTimer();
    await Promise.all([
      stopJobs().catch((err: unknown) => log.error({ err }, "stopping jobs failed")),
      stopDeliverer().catch((err: unknown) => log.error({ err }, "stopping the webhook deliverer failed")),
    ]);
    await closeChangeChannel().catch(() => undefined);
    await closeDatabase().catch((err: unknown) => log.error({ err }, "closing the database failed"));
  });
}
