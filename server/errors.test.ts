import { describe, expect, it } from "vitest";
import { AppError, errorBody, errorCodes, errorType } from "./errors";

describe("error table", () => {
  it("maps each status to the contract's type", () => {
    expect(errorType(400)).toBe("invalid_request_error");
    expect(errorType(404)).toBe("invalid_request_error");
    expect(errorType(409)).toBe("invalid_request_error");
    expect(errorType(413)).toBe("invalid_request_error");
    expect(errorType(422)).toBe("invalid_request_error");
    expect(errorType(401)).toBe("authentication_error");
    expect(errorType(402)).toBe("billing_error");
    expect(errorType(403)).toBe("permission_error");
    expect(errorType(429)).toBe("rate_limit_error");
    expect(errorType(500)).toBe("api_error");
    expect(errorType(502)).toBe("api_error");
  });

  it("has the documented status for every code", () => {
    const expected: Record<string, number> = {
      invalid_body: 400, unknown_product: 400, empty_input: 400, product_not_allowed: 400, invalid_idempotency_key: 400,
      missing_api_key: 401, invalid_api_key: 401, insufficient_credits: 402, key_credit_limit_reached: 402, insufficient_scope: 403, forbidden: 403,
      not_found: 404, conflict: 409, idempotency_key_in_use: 409, input_too_large: 413, idempotency_key_mismatch: 422,
      rate_limited: 429, upstream_unavailable: 502, internal_error: 500, service_unavailable: 503,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(errorCodes[code as keyof typeof errorCodes].status, code).toBe(status);
    }
  });

  it("builds the body with request id and extra members", () => {
    const body = errorBody(new AppError("insufficient_credits", "Top up.", { balance: 1.5, required: 2 }), "req_1");
    expect(body).toEqual({
      error: { type: "billing_error", code: "insufficient_credits", message: "Top up.", request_id: "req_1", balance: 1.5, required: 2 },
    });
  });
});
