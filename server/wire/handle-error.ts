// Maps anything thrown by a handler to the contract's JSON error. A database that cannot be reached is
// 503 service_unavailable with Retry-After (README "Run it in production"); a row deleted while the
// request ran is 409 conflict. An unknown error is logged
// with its stack and answered as a 500 that reveals nothing. A client that went away is no error at all:
// it is logged at info, and the answer (which nobody reads) says nothing.
import "server-only";
import { isDatabaseUnreachable, isForeignKeyViolation } from "../db-errors";
import { AppError, deletedMeanwhile, errorBody, internalError, serviceUnavailable, type ErrorShape } from "../errors";
import { log } from "../log";

/**
 * The client closed the connection: the work was cancelled through its signal, or reading its
 * body failed because it left mid-upload (Node's `aborted`, ECONNRESET).
 */
export function clientLeft(error: unknown, clientSignal?: AbortSignal): boolean {
  if (clientSignal?.aborted) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ECONNRESET" && message === "aborted";
}

export function toAppError(error: unknown, clientSignal?: AbortSignal): AppError {
  // Work aborted for a reason of ours (the shutdown grace) answers with that reason.
  if (clientSignal?.aborted && clientSignal.reason instanceof AppError) return clientSignal.reason;
  if (error instanceof AppError) return error;
  if (clientLeft(error, clientSignal)) {
    log.info("client disconnected");
    return internalError();
  }
  if (isDatabaseUnreachable(error)) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "database unreachable: answered 503");
    return serviceUnavailable();
  }
  if (isForeignKeyViolation(error)) return deletedMeanwhile();
  log.error({ err: error }, "unhandled error");
  return internalError();
}

/** The JSON error answer, in the native shape unless a door passes its own. */
export function errorResponse(error: AppError, requestId: string, headers: Record<string, string> = {}, shape: ErrorShape = errorBody): Response {
  const extra: Record<string, string> = { "X-Request-Id": requestId, ...headers };
  if (error.extra.retry_after !== undefined) extra["Retry-After"] = String(error.extra.retry_after);
  return Response.json(shape(error, requestId), { status: error.status, headers: extra });
}
