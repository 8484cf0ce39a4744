// Structured logs (pino, JSON lines on stdout). Every line written during a request carries its
// request id. Never log a key, a secret, a password or prompt text: log ids and counts instead.
import pino from "pino";
import { env } from "./env";
import { currentRequest } from "./request-context";

export const log = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  mixin() {
    const request = currentRequest();
    return request ? { request_id: request.requestId } : {};
  },
  // Defence in depth: these fields are redacted wherever they appear.
  redact: {
    paths: ["key", "*.key", "secret", "*.secret", "password", "*.password", "authorization", "*.authorization", "prompt", "*.prompt"],
    censor: "[redacted]",
  },
});
