// Per-request context carried through async calls: the request id for every log line and a
// count of database operations (logged per request; the security tests read it).
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = { requestId: string; dbOperations: number };

// On globalThis: the instrumentation hook and the route bundles each hold a copy of this module,
// and the database client created by one must see the requests of the others.
const holder = globalThis as unknown as { switchyardRequests?: AsyncLocalStorage<RequestContext> };
const storage = (holder.switchyardRequests ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
