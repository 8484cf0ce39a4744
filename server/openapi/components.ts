// The parts every operation shares: the key's security scheme, the Idempotency-Key parameter, the
// response headers (request id, rate limits) and the error responses, grouped by status.
import "server-only";
import { z } from "zod";
import type { ZodOpenApiResponseObject, ZodOpenApiSecuritySchemeObject } from "zod-openapi";
import { errorCodes, type ErrorCode } from "../errors";
import { errorEnvelope } from "../wire/schema";

export const SECURITY_SCHEME = "apiKey";

export const apiKeyScheme: ZodOpenApiSecuritySchemeObject = {
  type: "http",
  scheme: "bearer",
  bearerFormat: "swk_<32 base62 characters><6 base62 checksum characters>",
  description:
    "`Authorization: Bearer swk_...`. A key belongs to one project and has scope `read` (GETs) or `read_write` " +
    "(generation and every change); each operation names the scope it needs in `x-required-scope`.",
};

export const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/)
  .optional()
  .meta({
    param: { id: "IdempotencyKey", in: "header", name: "Idempotency-Key" },
    description:
      "The same key with the same request within 24 h replays the stored answer (`Idempotent-Replayed: true`) " +
      "instead of running it again; with a different request it is 422 `idempotency_key_mismatch`, while the first still " +
      "runs 409 `idempotency_key_in_use`. Printable ASCII, 1 to 255 characters. A streaming generation (`stream: true`) is never stored.",
  });

const requestId = z.string().meta({ header: { id: "X-Request-Id" }, description: "`req_...`, on every response; errors repeat it in the body." });
const rateLimitPolicy = z
  .string()
  .meta({
    header: { id: "RateLimit-Policy" },
    description: 'The key\'s bucket and its own limit per window (the key\'s `rate_limits`, at most its tier\'s), e.g. `"generate";q=60;w=60`.',
    example: '"api";q=1000;w=60',
  });
const rateLimit = z
  .string()
  .meta({ header: { id: "RateLimit" }, description: 'Requests remaining and seconds until the bucket is full, e.g. `"generate";r=59;t=12`.', example: '"api";r=999;t=60' });
const retryAfter = z.string().meta({ header: { id: "Retry-After" }, description: "Seconds to wait before retrying." });
const replayed = z
  .literal("true")
  .meta({ header: { id: "Idempotent-Replayed" }, description: "Present when this is the stored answer to an earlier request with the same Idempotency-Key." });

/** The headers of a success: the request id always, rate limits on keyed routes. */
export function successHeaders({ keyed, idempotent }: { keyed: boolean; idempotent: boolean }) {
  return z.object({
    "X-Request-Id": requestId,
    ...(keyed ? { "RateLimit-Policy": rateLimitPolicy, RateLimit: rateLimit } : {}),
    ...(idempotent ? { "Idempotent-Replayed": replayed.optional() } : {}),
  });
}

/**
 * The headers of an error. Rate limits are counted after the key and its scope are checked, so a
 * 401 has none and a 403 only when a policy (not the scope) refused it.
 */
function errorHeaders(status: number, codes: ErrorCode[], keyed: boolean) {
  const limited = keyed && status !== 401;
  return z.object({
    "X-Request-Id": requestId,
    ...(limited ? { "RateLimit-Policy": rateLimitPolicy.optional(), RateLimit: rateLimit.optional() } : {}),
    ...(status === 429 ? { "Retry-After": retryAfter } : codes.includes("idempotency_key_in_use") ? { "Retry-After": retryAfter.optional() } : {}),
  });
}

const statusNames: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  402: "Payment required",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Too large",
  422: "Unprocessable",
  429: "Rate limited",
  500: "Internal error",
  502: "Upstream unavailable",
};

/** One response per status, naming its codes in the description and in `x-error-codes`. */
export function errorResponses(codes: Iterable<ErrorCode>, keyed: boolean, schema: z.ZodType = errorEnvelope): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const status of [...byStatus.keys()].sort()) {
    const list = byStatus.get(status)!;
    responses[String(status)] = {
      description: `${statusNames[status] ?? "Error"}: ${list.map((code) => `\`${code}\``).join(", ")}.`,
      "x-error-codes": list,
      headers: errorHeaders(status, list, keyed),
      content: { "application/json": { schema } },
    };
  }
  return responses;
}
