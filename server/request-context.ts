// Per-request context carried through async calls: the request id for every log line and a
// count of database operations (logged per request; the security tests read it). Also which
// requests are in flight now, for the event-loop watchdog (event-loop-watchdog.ts).
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = { requestId: string; dbOperations: number };

// On globalThis: the instrumentation hook and the route bundles each hold a copy of this module,
// and the database client created by one must see the requests of the others.
const holder = globalThis as unknown as { switchyardRequests?: AsyncLocalStorage<RequestContext> };
const storage = (holder.switchyardRequests ??= new AsyncLocalStorage<RequestContext>());
const flying = globalThis as unknown as { switchyardInFlight?: Map<RequestContext, number> };
const inFlight = (flying.switchyardInFlight ??= new Map());

/** Marks the current request in flight until the returned function is called (a stream's whole life). */
export function holdRequest(context = currentRequest()): () => void {
  if (!context) return () => undefined;
  inFlight.set(context, (inFlight.get(context) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(context) ?? 1) - 1;
    if (left > 0) inFlight.set(context, left);
    else inFlight.delete(context);
  };
}

/** The requests in flight now. */
export const requestsInFlight = (): RequestContext[] => [...inFlight.keys()];

/** Runs `fn` as the request; it is in flight until `fn` (or the promise it returns) is done. */
export function runWithRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, () => {
    const release = holdRequest(context);
    try {
      const result = fn();
      if (result instanceof Promise) return result.finally(release) as T;
      release();
      return result;
    } catch (error) {
      release();
      throw error;
    }
  });
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
