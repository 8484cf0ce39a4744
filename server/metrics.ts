// Operational metrics for GET /api/metrics (README "Run it in production"), in Prometheus text format through
// prom-client (the de facto Node client: exposition format, histograms and the process's own
// figures, maintained, no dependencies to speak of). One registry per process, on globalThis like
// the other singletons, so that every bundle of the server counts into the same one.
//
// Labels carry only our own vocabulary and operator configuration: route templates (never a
// concrete path with ids), status codes, product ids, doors, family ids and failure kinds. Never a
// prompt, a key, an email or an engine's model name.
import "server-only";
import { ablated } from "./bench-ablation";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "switchyard_http_requests_total", help: "HTTP requests answered, by method, route template and status.",
      labelNames: ["method", "route", "status"] as const, registers,
    }),
    httpDuration: new Histogram({
      name: "switchyard_http_request_duration_seconds", help: "Time until the response (its head, for streams), by method and route template.",
      labelNames: ["method", "route"] as const, buckets: SECONDS, registers,
    }),
    generationDuration: new Histogram({
      name: "switchyard_generation_duration_seconds", help: "Generations from routing to their end, by product, door and outcome.",
      labelNames: ["product", "door", "outcome"] as const, buckets: SECONDS, registers,
    }),
    firstToken: new Histogram({
      name: "switchyard_generation_first_token_seconds", help: "Time to the first text of a generation, by product and door.",
      labelNames: ["product", "door"] as const, buckets: SECONDS, registers,
    }),
    upstreamAttempts: new Counter({
      name: "switchyard_upstream_attempts_total", help: "Attempts on an engine family, by family id.",
      labelNames: ["family"] as const, registers,
    }),
    upstreamFailures: new Counter({
      name: "switchyard_upstream_failures_total", help: "Failed attempts on an engine family, by family id and failure kind.",
      labelNames: ["family", "reason"] as const, registers,
    }),
    breakerOpen: new Gauge({
      name: "switchyard_breaker_open", help: "1 while a family's circuit was last seen open here (requests skip it), else 0.",
      labelNames: ["family"] as const, registers,
    }),
    creditsCharged: new Counter({
      name: "switchyard_credits_charged_total", help: "Credits charged for generations, by product.",
      labelNames: ["product"] as const, registers,
    }),
    openStreams: new Gauge({ name: "switchyard_open_streams", help: "Server-sent event streams open now.", registers }),
    eventLoopLag: new Histogram({
      name: "switchyard_event_loop_lag_seconds", help: "How late the event loop ran a 50 ms timer: the time it was held by work that would not yield.",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10], registers,
    }),
    creditCommits: new Histogram({
      name: "switchyard_credit_statements_per_commit", help: "Reservations and settlements committed together (group commit), per commit.",
      buckets: [1, 2, 4, 8, 16, 32, 64], registers,
    }),
  };
}

type Metrics = ReturnType<typeof create>;
const holder = globalThis as unknown as { switchyardMetrics?: Metrics };

export function metrics(): Metrics {
  holder.switchyardMetrics ??= ablated("metrics") ? unmeasured() : create();
  return holder.switchyardMetrics;
}

/** BENCH ONLY (metrics switched off): every metric takes its observations and keeps none. */
function unmeasured(): Metrics {
  const nothing = { observe() {}, inc() {}, dec() {}, set() {}, startTimer: () => () => 0 };
  return new Proxy({}, { get: () => nothing }) as Metrics;
}

/**
 * Gauges read when scraped (queue depths, pool use, Redis): registered once, with the readers
 * given here so that this module needs no database or Redis import of its own.
 */
export type Readings = {
  jobsPending(): Promise<number>;
  webhookDeliveries(): Promise<{ pending: number; oldestSeconds: number }>;
  databasePool(): { total: number; idle: number; waiting: number } | null;
  redisReachable(): boolean | null;
};

export function readOnScrape(readings: Readings): void {
  const m = metrics() as Metrics & { readingsSet?: boolean };
  if (m.readingsSet) return;
  m.readingsSet = true;
  const registers = [m.registry];
  const quietly = async (read: () => Promise<void>) => read().catch(() => undefined); // a scrape never fails on a reading
  new Gauge({
    name: "switchyard_jobs_pending", help: "Background jobs not done yet (instance transitions and the like).", registers,
    async collect() {
      await quietly(async () => this.set(await readings.jobsPending()));
    },
  });
  let deliveries: Promise<{ pending: number; oldestSeconds: number }> | undefined;
  const readDeliveries = () => (deliveries ??= readings.webhookDeliveries().finally(() => setTimeout(() => (deliveries = undefined), 0)));
  new Gauge({
    name: "switchyard_webhook_deliveries_pending", help: "Webhook deliveries waiting to be sent or retried.", registers,
    async collect() {
      await quietly(async () => this.set((await readDeliveries()).pending));
    },
  });
  new Gauge({
    name: "switchyard_webhook_delivery_oldest_pending_seconds", help: "Age of the oldest pending webhook delivery (0 when none).", registers,
    async collect() {
      await quietly(async () => this.set((await readDeliveries()).oldestSeconds));
    },
  });
  new Gauge({
    name: "switchyard_database_pool_connections", help: "PostgreSQL pool connections by state (total, idle, waiting requests); absent on the embedded database.",
    labelNames: ["state"] as const, registers,
    collect() {
      const use = readings.databasePool();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: "switchyard_redis_reachable", help: "1 while Redis answers, 0 while it does not (limits are per process meanwhile); absent without Redis.",
    registers,
    collect() {
      const reachable = readings.redisReachable();
      if (reachable !== null) this.set(reachable ? 1 : 0);
    },
  });
}
