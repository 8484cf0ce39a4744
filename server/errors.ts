// One error class and one table for every error code of the contract: HTTP status, the tRPC code
// the console maps it to, and what the code means and what to do (the error codes table of /docs).
import "server-only";
export const errorCodes = {
  invalid_body: {
    status: 400, trpc: "BAD_REQUEST",
    meaning: "The body or query is not what the operation takes; `param` names the field.",
    action: "Fix the field the message names (it says what is expected) and send again.",
  },
  unknown_product: {
    status: 400, trpc: "BAD_REQUEST",
    meaning: "The product named is not one of this API's products.",
    action: "Use a product id of GET /api/public/v1/ai/products.",
  },
  empty_input: {
    status: 400, trpc: "BAD_REQUEST",
    meaning: "The request has nothing to generate from: no prompt and no message content.",
    action: "Send a non-empty `prompt` or `messages`.",
  },
  product_not_allowed: {
    status: 400, trpc: "BAD_REQUEST",
    meaning: "The product does not take this kind of request (an image, tools, this endpoint).",
    action: "Send it to the product in `suggested_product`.",
  },
  invalid_idempotency_key: {
    status: 400, trpc: "BAD_REQUEST",
    meaning: "The `Idempotency-Key` header is empty, too long or not printable ASCII.",
    action: "Send 1 to 255 printable ASCII characters, e.g. a UUID.",
  },
  missing_api_key: {
    status: 401, trpc: "UNAUTHORIZED",
    meaning: "No `Authorization: Bearer` header.",
    action: "Send `Authorization: Bearer swk_...` with a key from the console.",
  },
  invalid_api_key: {
    status: 401, trpc: "UNAUTHORIZED",
    meaning: "The key is unknown, revoked or mistyped.",
    action: "Copy the key again from the console, or create a new one.",
  },
  invalid_credentials: {
    status: 401, trpc: "UNAUTHORIZED",
    meaning: "The email or password is wrong.",
    action: "Check them, or reset the password.",
  },
  insufficient_credits: {
    status: 402, trpc: "PAYMENT_REQUIRED",
    meaning: "The workspace's balance does not cover the request's worst case (`required` against `balance`).",
    action: "Add credits in the console, or ask for fewer output tokens.",
  },
  key_credit_limit_reached: {
    status: 402, trpc: "PAYMENT_REQUIRED",
    meaning: "The key's credit limit for its period (a UTC day, week or month: its `limit_reset`) would be exceeded (`used` and `required` against `limit`).",
    action: "Raise the key's limit in the console, or wait for its reset (`limit_resets_at` of the key).",
  },
  insufficient_scope: {
    status: 403, trpc: "FORBIDDEN",
    meaning: "The key's scope does not allow this operation (`required_scope` names the one it needs).",
    action: "Use a `read_write` key for changes and generation.",
  },
  forbidden: {
    status: 403, trpc: "FORBIDDEN",
    meaning: "A policy refuses this to you (the project, workspace or role).",
    action: "Ask an owner of the workspace, or use a key of the right project.",
  },
  not_found: {
    status: 404, trpc: "NOT_FOUND",
    meaning: "No such resource in the key's project.",
    action: "Check the id (list the resources to see those that exist).",
  },
  method_not_allowed: {
    status: 405, trpc: "METHOD_NOT_SUPPORTED",
    meaning: "The route does not take this method.",
    action: "Use one of the methods in the `Allow` header.",
  },
  unsupported_media_type: {
    status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE",
    meaning: "The body is not of the type the route takes (the console's calls take JSON only).",
    action: "Send the body as JSON with `Content-Type: application/json`.",
  },
  conflict: {
    status: 409, trpc: "CONFLICT",
    meaning: "The resource's state does not allow the change now (in use, already exists, busy).",
    action: "Read the resource again; retry when its state allows it.",
  },
  idempotency_key_in_use: {
    status: 409, trpc: "CONFLICT",
    meaning: "A request with the same `Idempotency-Key` is still running.",
    action: "Wait `Retry-After` seconds, then retry with the same key.",
  },
  input_too_large: {
    status: 413, trpc: "PAYLOAD_TOO_LARGE",
    meaning: "The body or its tokens exceed the limit (`limit`).",
    action: "Send less: shorten the input, send images as `https://` URLs.",
  },
  idempotency_key_mismatch: {
    status: 422, trpc: "UNPROCESSABLE_CONTENT",
    meaning: "The `Idempotency-Key` was used within 24 h for a different request.",
    action: "Use a new key for a new request.",
  },
  rate_limited: {
    status: 429, trpc: "TOO_MANY_REQUESTS",
    meaning: "Too many requests in the key's bucket this minute.",
    action: "Wait `Retry-After` seconds (see the `RateLimit` header) and retry.",
  },
  internal_error: {
    status: 500, trpc: "INTERNAL_SERVER_ERROR",
    meaning: "Something failed on our side; nothing was charged.",
    action: "Retry later; if it persists, contact support with the `request_id`.",
  },
  upstream_unavailable: {
    status: 502, trpc: "BAD_GATEWAY",
    meaning: "No engine could answer the request; nothing was charged.",
    action: "Retry in a moment, or try another product.",
  },
  service_unavailable: {
    status: 503, trpc: "SERVICE_UNAVAILABLE",
    meaning: "The service cannot reach its database right now; nothing was charged.",
    action: "Retry after `retry_after` seconds.",
  },
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Extra members an error may carry in its body, next to code and message. */
export type ErrorExtra = {
  param?: string;
  suggested_product?: string;
  balance?: number;
  required?: number;
  used?: number;
  required_scope?: string;
  limit?: number;
  retry_after?: number;
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorCodes[this.code].status;
  }
}

export function errorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 402) return "billing_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

/** The JSON body of an error, as every door (REST, SSE event, OpenAI door) sends it. */
export function errorBody(error: AppError, requestId: string) {
  return {
    error: {
      type: errorType(error.status),
      code: error.code,
      message: error.message,
      request_id: requestId,
      ...error.extra,
    },
  };
}

/** How a door writes an error's JSON body (errorBody, or a door's own shape, e.g. Anthropic's). */
export type ErrorShape = (error: AppError, requestId: string) => unknown;

/** The body `errorBody` returns (the wire schema of its shape, for /docs, is `errorEnvelope`). */
export type ErrorBody = ReturnType<typeof errorBody>;

export const internalError = () =>
  new AppError("internal_error", "Something went wrong on our side. Retry later; if it persists, contact support with the request id.");

/** 503: the service cannot reach its database right now (README "Run it in production"). Retryable. */
/** A row this request names was deleted while it ran (a project, an SSH key...): the change did not happen. */
export const deletedMeanwhile = () =>
  new AppError("conflict", "Something this request names was deleted while it ran, so nothing changed. Reload and try again.");

export const serviceUnavailable = () =>
  new AppError("service_unavailable", "The service cannot reach its database right now. Nothing was charged; retry in a moment.", { retry_after: 1 });
