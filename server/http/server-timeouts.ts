// Limits on slow clients, set on the process's HTTP server: a request's headers must arrive within
// HTTP_HEADERS_TIMEOUT_SECONDS and the whole request (headers and body) within
// HTTP_REQUEST_TIMEOUT_SECONDS, else 408 and the connection is closed; an idle kept-alive
// connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS (longer than the 60 s idle timeout
// of common load balancers, so that they close first). Answers and streams are not bound by these.
import "server-only";
import type { Server } from "node:http";

export type ServerTimeouts = { headersMs: number; requestMs: number; keepAliveMs: number };

/** How often Node looks for requests past their limits; its default (30 s) adds up to 30 s to each. */
const CHECK_EVERY_MS = 1_000;

export function applyTimeouts(server: Server, timeouts: ServerTimeouts): void {
  server.requestTimeout = timeouts.requestMs;
  server.headersTimeout = Math.min(timeouts.headersMs, timeouts.requestMs); // Node wants headers ≤ request
  server.keepAliveTimeout = timeouts.keepAliveMs;
  checkEvery(server, CHECK_EVERY_MS);
}

type Timer = NodeJS.Timeout & { _onTimeout?: unknown };

/**
 * Node arms its check when the server starts listening (before the process's hooks run), at the
 * period it had then: re-armed here at a shorter one. On a Node without this timer nothing changes.
 */
function checkEvery(server: Server, ms: number): void {
  const slots = server as unknown as Record<symbol, Timer | undefined>;
  const slot = Object.getOwnPropertySymbols(server).find((s) => s.description === "http.server.connectionsCheckingInterval");
  const timer = slot && slots[slot];
  if (!slot || !timer || typeof timer._onTimeout !== "function") return;
  const check = timer._onTimeout as () => void;
  clearInterval(timer);
  slots[slot] = setInterval(check, ms).unref();
}
