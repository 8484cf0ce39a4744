// The deliverer of a server process: fans out new events, claims due deliveries and sends them,
// a few at a time. It polls, and is woken at once when this process writes an event (twice: the
// writing transaction may not have committed at the first look). Every replica runs one; claims
// keep them from sending one attempt twice.
import "server-only";
import { env } from "../env";
import { log } from "../log";
import { attemptDelivery } from "./attempt";
import { claimDeliveries } from "./claims";
import { releaseClaims } from "./release-claims";
import { fanOut } from "./fan-out";
import { outboxWritten } from "../events/outbox";

const WAKE_AFTER_MS = [5, 60];

export function startDeliverer(): () => Promise<void> {
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, ms).unref();
  };
  async function tick(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    let busy = false;
    try {
      busy = (await fanOut()) > 0;
      for (const claim of await claimDeliveries(env.WEBHOOK_CONCURRENCY - inFlight.size)) {
        busy = true;
        const attempt = attemptDelivery(claim)
          .catch((err: unknown) => log.error({ err, delivery: claim.id }, "webhook attempt failed"))
          .finally(() => {
            inFlight.delete(claim.id);
            schedule(0); // a finished attempt may free the next event of its subject
          });
        inFlight.set(claim.id, attempt);
      }
    } catch (err) {
      log.error({ err }, "webhook deliverer poll failed");
    }
    running = false;
    schedule(busy || again ? 0 : env.WEBHOOK_POLL_MS);
    again = false;
  }

  const wake = () => {
    for (const ms of WAKE_AFTER_MS) setTimeout(() => void tick(), ms).unref();
  };
  outboxWritten.on("written", wake);
  schedule(env.WEBHOOK_POLL_MS);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    outboxWritten.off("written", wake);
    // Let attempts on the wire finish (at most 5 s), then hand back the claims of those that did
    // not: another replica, or this one restarted, sends them again (at least once). A process
    // killed meanwhile leaves its claims to expire.
    await Promise.race([Promise.all(inFlight.values()), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await releaseClaims([...inFlight.keys()]);
  };
}
