// Maps anything thrown by a handler to the contract's JSON error. An unknown error is logged with
// its stack and answered as a 500 that reveals nothing.
import { AppError, errorBody, internalError } from "../errors";
import { log } from "../log";

export function toAppError(error: unknown, clientSignal?: AbortSignal): AppError {
  if (error instanceof AppError) return error;
  // Work the client walked away from ends with the client's abort: no bug, and nobody reads the answer.
  if (clientSignal?.aborted && error === clientSignal.reason) return internalError();
  log.error({ err: error }, "unhandled error");
  return internalError();
}

export function errorResponse(error: AppError, requestId: string, headers: Record<string, string> = {}): Response {
  const extra: Record<string, string> = { "X-Request-Id": requestId, ...headers };
  if (error.extra.retry_after !== undefined) extra["Retry-After"] = String(error.extra.retry_after);
  return Response.json(errorBody(error, requestId), { status: error.status, headers: extra });
}
