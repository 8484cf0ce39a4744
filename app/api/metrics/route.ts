// GET /api/metrics — Prometheus text format for the operator's scraper (README "Run it in production"), behind
// `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the route does not exist (404).
import { timingSafeEqual } from "node:crypto";
import { db, databasePoolUse } from "@/server/db";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/wire/handle-error";
import { newId } from "@/server/ids";
import { metrics, readOnScrape } from "@/server/metrics";
import { redisReachable } from "@/server/redis";

export const dynamic = "force-dynamic";

function tokenMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer +(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function GET(request: Request): Promise<Response> {
  const requestId = newId("req");
  if (!env.METRICS_TOKEN) return errorResponse(new AppError("not_found", "No route GET /api/metrics. See /docs for the routes."), requestId);
  if (!tokenMatches(request.headers.get("authorization"), env.METRICS_TOKEN)) {
    return errorResponse(new AppError("invalid_credentials", "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`."), requestId, {
      "WWW-Authenticate": "Bearer",
    });
  }
  readOnScrape({
    jobsPending: async () => db().job.count({ where: { doneAt: null } }),
    webhookDeliveries: async () => {
      const pending = await db().webhookDelivery.aggregate({ where: { status: "pending" }, _count: true, _min: { createdAt: true } });
      const oldest = pending._min.createdAt;
      return { pending: pending._count, oldestSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0 };
    },
    databasePool: databasePoolUse,
    redisReachable,
  });
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store", "X-Request-Id": requestId } });
}
