import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError, errorBody } from "@/server/errors";
import { consoleCallSubject, refuseForeignCall } from "@/server/http/console-calls";
import { cappedRequest } from "@/server/http/parse-body";
import { RateLimitedError, takeRequest } from "@/server/http/rate-limit";
import { newId } from "@/server/ids";
import { log } from "@/server/log";
import { runWithRequest } from "@/server/request-context";
import { appRouter } from "@/server/trpc/root";
import { createContext } from "@/server/trpc/trpc";
import { MAX_BATCH } from "@/server/vocab/trpc-batch";
import { env } from "@/server/env";

const refuse = (error: AppError, requestId: string, headers: Record<string, string> = {}) =>
  Response.json(errorBody(error, requestId), { status: error.status, headers: { "cache-control": "no-store", ...headers } });

// GET|POST /api/trpc/* — the console's procedures (session cookie auth). Bodies are JSON only and
// capped like the REST routes', mutations only from the console's own pages (console-calls.ts),
// batches at MAX_BATCH calls, and each client network at a rate of calls (each signed-in user
// too, in the procedures); answers may carry secrets shown once: never cached.
async function handler(request: Request): Promise<Response> {
  const requestId = newId("req");
  let req: Request;
  try {
    refuseForeignCall(request);
    await takeRequest("console", consoleCallSubject(request.headers), env.CONSOLE_CALLS_PER_MINUTE * 2);
    req = await cappedRequest(request);
  } catch (error) {
    if (error instanceof RateLimitedError) return refuse(error, requestId, { "retry-after": String(error.state.resetSeconds) });
    if (error instanceof AppError) return refuse(error, requestId);
    throw error;
  }
  return runWithRequest({ requestId, dbOperations: 0 }, () =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      createContext,
      maxBatchSize: MAX_BATCH,
      responseMeta: () => ({ headers: new Headers({ "cache-control": "no-store" }) }),
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR") log.error({ err: error.cause ?? error, path }, "unhandled error in tRPC procedure");
      },
    }),
  );
}

export { handler as GET, handler as POST };
