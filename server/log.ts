// Structured logs (pino, JSON lines on stdout). Every line written during a request carries its
// request id. Never log a key, a secret, a password or prompt text: log ids and counts instead.
import "server-only";
import pino, { type DestinationStream } from "pino";
import { env } from "./env";
import { currentRequest } from "./request-context";

/** Field names whose values never reach a log line, at any depth (defence in depth). */
const SECRET_FIELD = /^(key|secret|password|authorization|cookie|token|prompt|api_?key|signing_?secret|password_?hash)$/i;
const MAX_DEPTH = 8;

function redacted(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object" || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, SECRET_FIELD.test(name) ? "[redacted]" : redacted(item, depth + 1)]));
}

export function makeLogger(destination?: DestinationStream) {
  return pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      mixin() {
        const request = currentRequest();
        return request ? { request_id: request.requestId } : {};
      },
      formatters: { log: (fields) => redacted(fields) as Record<string, unknown> },
    },
    destination,
  );
}

export const log = makeLogger();
