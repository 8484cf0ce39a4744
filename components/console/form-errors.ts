// The errors of a failed console mutation, by form field: a zod refusal names each field
// (data.fieldErrors); a service refusal may name one (data.param), or the form may know which
// field a service's code is about (`byCode`: a `not_found` from a workspace id field). The rest is
// a general message.
import { TRPCClientError } from "@trpc/client";
import { plainMessage } from "./plain-message";

type ErrorData = { fieldErrors?: Record<string, string>; param?: string; appCode?: string };

export function fieldErrors(error: unknown, byCode: Record<string, string> = {}): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = (error.data ?? {}) as ErrorData;
  const fields = { ...data.fieldErrors };
  if (data.param) fields[data.param] ??= error.message;
  else if (data.appCode && byCode[data.appCode]) fields[byCode[data.appCode]] ??= error.message;
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, plainMessage(message)]));
}

/** The message to show above the form when no field takes it. */
export function formError(error: unknown, fields: string[], byCode: Record<string, string> = {}): string | null {
  if (!error) return null;
  const byField = fieldErrors(error, byCode);
  return fields.some((field) => byField[field]) ? null : plainMessage((error as Error).message);
}

/** The service's error code (`insufficient_credits`, `conflict`...), for errors a form explains in its own words. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? ((error.data ?? {}) as ErrorData).appCode : undefined;
}
