// Liveness and readiness for load balancers and orchestrators (README "Run it in production"). Live: the
// process answers. Ready: the database answers within a second or two and the process is not draining;
// Redis down is "degraded" but ready (limits fall back to per-process buckets).
import "server-only";
import { rawSql } from "./db";
import { env } from "./env";
import { draining } from "./lifecycle";
import { redis } from "./redis";

export type Readiness = {
  status: "ready" | "degraded" | "draining" | "unavailable";
  database: "ok" | "down";
  redis: "ok" | "down" | "absent";
};

const DATABASE_WITHIN_MS = 2_000;
const REDIS_WITHIN_MS = 1_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reachable = (work: () => Promise<unknown>, ms: number) =>
  within(Promise.resolve().then(work), ms).then(() => true, () => false);

export async function readiness(): Promise<{ ready: boolean; body: Readiness }> {
  const client = env.REDIS_URL ? redis() : undefined;
  const [database, cache] = await Promise.all([
    reachable(() => rawSql().query("SELECT 1"), DATABASE_WITHIN_MS),
    client ? reachable(() => client.ping(), REDIS_WITHIN_MS) : Promise.resolve(undefined),
  ]);
  const body: Readiness = {
    status: "ready",
    database: database ? "ok" : "down",
    redis: cache === undefined ? "absent" : cache ? "ok" : "down",
  };
  if (draining()) body.status = "draining";
  else if (!database) body.status = "unavailable";
  else if (body.redis === "down") body.status = "degraded";
  return { ready: body.status === "ready" || body.status === "degraded", body };
}
