// A server error put next to the form field it names (zod field errors, AppError `param`), or
// above the form when it names none.
import { TRPCClientError } from "@trpc/client";
import { plainMessage } from "@/components/console/plain-message";

export type FormErrors<Field extends string> = { form?: string } & Partial<Record<Field, string>>;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");

export function formErrorsOf<Field extends string>(error: unknown, fields: readonly Field[]): FormErrors<Field> {
  const named = (field: string): field is Field => (fields as readonly string[]).includes(field);
  if (!(error instanceof TRPCClientError)) return { form: "Could not reach the server. Check your connection and try again." } as FormErrors<Field>;
  const data = error.data as { fieldErrors?: Record<string, string>; param?: string } | undefined;
  if (data?.fieldErrors) {
    return Object.fromEntries(Object.entries(data.fieldErrors).map(([field, message]) => [named(field) ? field : "form", sentence(message)])) as FormErrors<Field>;
  }
  if (data?.param && named(data.param)) return { [data.param]: plainMessage(error.message) } as FormErrors<Field>;
  return { form: plainMessage(error.message) } as FormErrors<Field>;
}
