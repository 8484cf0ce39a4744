// The errors of a failed console mutation, by form field: a zod refusal names each field
// (data.fieldErrors); a service refusal may name one (data.param). The rest is a general message.
import { TRPCClientError } from "@trpc/client";

type ErrorData = { fieldErrors?: Record<string, string>; param?: string; appCode?: string };

export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = (error.data ?? {}) as ErrorData;
  const fields = { ...data.fieldErrors };
  if (data.param) fields[data.param] ??= error.message;
  return fields;
}

/** The message to show above the form when no field takes it. */
export function formError(error: unknown, fields: string[]): string | null {
  if (!error) return null;
  const byField = fieldErrors(error);
  return fields.some((field) => byField[field]) ? null : (error as Error).message;
}

/** The service's error code (`insufficient_credits`, `conflict`...), for errors a form explains in its own words. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? ((error.data ?? {}) as ErrorData).appCode : undefined;
}
