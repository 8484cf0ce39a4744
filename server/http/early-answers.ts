// Requests answered by the server process before Next routes them: health and readiness (cheap,
// and still answered while the routes are busy), and what Next would answer in plain text or
// HTML: TRACE (a 500) and paths that are not valid percent-encoding (a 500 or a 400 page). Every
// refusal is in the contract's JSON error shape. An API path with a trailing slash goes on to Next
// as the path itself.
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, errorBody } from "../errors";
import { readiness } from "../health";
import { newId } from "../ids";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function send(req: IncomingMessage, res: ServerResponse, answer: Answer, requestId?: string): void {
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(requestId ? { "X-Request-Id": requestId } : {}),
    ...answer.headers,
  });
  res.end(req.method === "HEAD" ? undefined : text);
}

function refuse(req: IncomingMessage, res: ServerResponse, error: AppError, headers?: Record<string, string>): void {
  const requestId = newId("req");
  send(req, res, { status: error.status, body: errorBody(error, requestId), headers }, requestId);
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * An API path with a trailing slash is served as the path: Next would answer a 308 with a
 * plain-text body that a client must follow (curl does not by default). Pages keep Next's redirect.
 */
function servePathWithoutTrailingSlash(req: IncomingMessage, path: string): void {
  if (!/^\/(v1|api)\/.*\/$/.test(path)) return;
  req.url = path.replace(/\/+$/, "") + (req.url ?? "").slice(path.length);
}

const HEALTH_PATHS = new Set(["/api/health", "/api/ready"]);

/** Answers `req` here when it is one of ours; false leaves it to Next. */
export function answerEarly(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  const path = url.split("?")[0];
  if (req.method === "TRACE") {
    void methodNotAllowed(req, res, path);
    return true;
  }
  if (!decodable(path)) {
    refuse(req, res, new AppError("not_found", "The path is not valid percent-encoding (UTF-8 bytes written as %XX); no resource has such a name."));
    return true;
  }
  servePathWithoutTrailingSlash(req, path);
  if (!HEALTH_PATHS.has(path.replace(/\/$/, ""))) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    refuse(req, res, new AppError("method_not_allowed", `${req.method} is not allowed on ${path}; it takes GET, HEAD.`), { Allow: "GET, HEAD" });
    return true;
  }
  if (path.startsWith("/api/health")) send(req, res, { status: 200, body: { status: "ok" } });
  else {
    void readiness().then(
      ({ ready, body }) => send(req, res, { status: ready ? 200 : 503, body }),
      () => send(req, res, { status: 503, body: { status: "unavailable" } }),
    );
  }
  return true;
}

async function methodNotAllowed(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const allowed = decodable(path) ? (await import("./allowed-methods")).allowedMethods(path) : [];
  const takes = allowed.length ? `; it takes ${allowed.join(", ")}` : "";
  refuse(req, res, new AppError("method_not_allowed", `TRACE is not allowed on this server${takes}.`), { Allow: allowed.length ? allowed.join(", ") : "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
}
