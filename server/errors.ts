// One error class and one table for every error code of the contract (/docs lists each operation's
// codes): HTTP status, the OpenAI/Stripe-style `type`, and the tRPC code the console maps it to.
import "server-only";
export const errorCodes = {
  invalid_body: { status: 400, trpc: "BAD_REQUEST" },
  unknown_product: { status: 400, trpc: "BAD_REQUEST" },
  empty_input: { status: 400, trpc: "BAD_REQUEST" },
  product_not_allowed: { status: 400, trpc: "BAD_REQUEST" },
  invalid_idempotency_key: { status: 400, trpc: "BAD_REQUEST" },
  missing_api_key: { status: 401, trpc: "UNAUTHORIZED" },
  invalid_api_key: { status: 401, trpc: "UNAUTHORIZED" },
  invalid_credentials: { status: 401, trpc: "UNAUTHORIZED" },
  insufficient_credits: { status: 402, trpc: "PAYMENT_REQUIRED" },
  key_credit_limit_reached: { status: 402, trpc: "PAYMENT_REQUIRED" },
  insufficient_scope: { status: 403, trpc: "FORBIDDEN" },
  forbidden: { status: 403, trpc: "FORBIDDEN" },
  not_found: { status: 404, trpc: "NOT_FOUND" },
  method_not_allowed: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  conflict: { status: 409, trpc: "CONFLICT" },
  idempotency_key_in_use: { status: 409, trpc: "CONFLICT" },
  input_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  idempotency_key_mismatch: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  upstream_unavailable: { status: 502, trpc: "BAD_GATEWAY" },
  service_unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
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

/** The body `errorBody` returns (the wire schema of its shape, for /docs, is `errorEnvelope`). */
export type ErrorBody = ReturnType<typeof errorBody>;

export const internalError = () =>
  new AppError("internal_error", "Something went wrong on our side. Retry later; if it persists, contact support with the request id.");

/** 503: the service cannot reach its database right now (README "Run it in production"). Retryable. */
export const serviceUnavailable = () =>
  new AppError("service_unavailable", "The service cannot reach its database right now. Nothing was charged; retry in a moment.", { retry_after: 1 });
