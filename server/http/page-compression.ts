// gzip for what a browser loads from the app itself: the console's pages, their scripts, styles and
// RSC payloads (about 600 KB of JavaScript a page, a fifth of that compressed). Never for the APIs
// (/api, /v1: small JSON and streams, where a zlib stream per answer costs CPU a generation needs)
// and never for an event stream, whatever its path. Each write is flushed (Z_SYNC_FLUSH), so a
// page that streams its HTML still arrives piece by piece. `compression` is Express's middleware,
// the one Next itself uses for `compress: true` (which would also take the APIs).
import "server-only";
import compression from "compression";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants } from "node:zlib";

const API = /^\/(api|v1)(\/|\?|$)/;

const middleware = compression({
  flush: constants.Z_SYNC_FLUSH,
  threshold: 1024,
  filter: (req, res) => {
    const type = String(res.getHeader("Content-Type") ?? "");
    if (type.includes("text/event-stream")) return false;
    return compression.filter(req, res);
  },
});

/** Whether this request's answer may be compressed (a page or a static file, not an API). */
export const compressible = (req: IncomingMessage): boolean => !API.test(req.url ?? "/");

/** Wraps `res` so that its body is gzipped when the client takes it; then `next` serves as usual. */
export function compressPage(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  middleware(req as never, res as never, next);
}
