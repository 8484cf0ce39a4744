// What every REST route shares, keyed or not: a request id in the context of every log line and
// on the response, error mapping (unknown errors become a 500 that says nothing), and one log
// line per request with its status, time and database operation count (499, as proxies log it,
// when the client left before its answer was ready).
import "server-only";
import { newId } from "../ids";
import { log } from "../log";
import { metrics } from "../metrics";
import { routeTemplate } from "./allowed-methods";
import { runWithRequest, type RequestContext } from "../request-context";
import type { ErrorShape } from "../errors";
import { errorResponse, toAppError } from "../wire/handle-error";

export type Served = {
  requestId: string;
  /** Headers that go on the response, error or not (e.g. rate limits). */
  headers: Record<string, string>;
  /** Fields for the request's log line (e.g. the key id). */
  logFields: Record<string, unknown>;
};

/** `shape` writes the error bodies (a door's own shape; the native one by default). */
export function served(request: Request, handle: (context: Served) => Promise<Response>, shape?: ErrorShape): Promise<Response> {
  const context: RequestContext = { requestId: newId("req"), dbOperations: 0 };
  return runWithRequest(context, async () => {
    const started = performance.now();
    const state: Served = { requestId: context.requestId, headers: {}, logFields: {} };
    let response: Response;
    try {
      response = await handle(state);
      response.headers.set("X-Request-Id", context.requestId);
      for (const [name, value] of Object.entries(state.headers)) response.headers.set(name, value);
    } catch (error) {
      response = errorResponse(toAppError(error, request.signal), context.requestId, state.headers, shape);
    }
    const path = new URL(request.url).pathname;
    const status = request.signal.aborted ? 499 : response.status;
    const route = routeTemplate(path);
    metrics().httpRequests.inc({ method: request.method, route, status });
    metrics().httpDuration.observe({ method: request.method, route }, (performance.now() - started) / 1000);
    log.info(
      {
        method: request.method,
        path,
        status,
        ...state.logFields,
        db_operations: context.dbOperations,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
    return response;
  });
}
