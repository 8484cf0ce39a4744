// Start-up of a server process: bring the schema up to date, start the background sweepers, and
// stop gracefully on SIGTERM/SIGINT (shutdown.ts; NEXT_MANUAL_SIG_HANDLE=1 leaves the signals to
// us: Next's own handler exits at once, before PGlite is closed, and leaves its folder dirty).
import "server-only";
import { families } from "./ai/families";
import { sweepExpired } from "./billing/reservations";
import { billCompute } from "./cloud/instances/compute-billing";
import { registerInstanceJobs } from "./cloud/instances/operations";
import { followEngine, reconcileEngine } from "./cloud/instances/engine-drift";
import { closeAllRelays } from "./cloud/driver/docker/ssh-relay";
import { reconcileZones, registerZoneJobs } from "./cloud/domains/zone-sync";
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
import { chargeDueRecharges } from "./billing/payments/recharge-worker";
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
    every(env.AUTO_RECHARGE_POLL_SECONDS, "auto-recharges charged", chargeDueRecharges),
    ...realEngines(),
  ];
  registerInstanceJobs();
  registerZoneJobs();
  const stopJobs = startJobRunner();
  const stopDeliverer = startDeliverer();
  stopOnSignals(async () => {
    for (const stopTimer of stopTimers) stopTimer();
    await Promise.all([
      stopJobs().catch((err: unknown) => log.error({ err }, "stopping jobs failed")),
      stopDeliverer().catch((err: unknown) => log.error({ err }, "stopping the webhook deliverer failed")),
    ]);
    closeAllRelays();
    await closeChangeChannel().catch(() => undefined);
    await closeDatabase().catch((err: unknown) => log.error({ err }, "closing the database failed"));
  });
}

/**
 * The real engines' background work, when configured: the compute engine's events followed and
 * its containers compared with the instances (at once, for drift since the last start, then
 * periodically), and the name server's zones compared with the domains.
 */
function realEngines(): (() => void)[] {
  const stops: (() => void)[] = [];
  if (env.COMPUTE_DRIVER === "docker") {
    const reconcile = () => reconcileEngine("docker");
    void reconcile().catch((err: unknown) => log.error({ err }, "the first reconcile with the engine failed"));
    stops.push(followEngine("docker"), every(env.COMPUTE_RECONCILE_SECONDS, "instances brought in line with the engine", reconcile));
  }
  if (env.DNS_DRIVER === "powerdns") stops.push(every(env.DNS_RECONCILE_SECONDS, "zones queued to be written again", reconcileZones));
  return stops;
}
