// The body of a vendor door (Anthropic Messages, OpenAI Chat Completions and Responses): parsed
// with the door's strict schema, except that a field the schema does not know is taken out and
// named rather than refused. Clients of these formats send whatever the vendor's newest types hold
// (betas included); what this service does with each field is its row in field-policy.ts, and a
// field it does not know at all is ignored and named in `x-switchyard-ignored-params`. The native
// API stays strict (parse-body.ts).
import "server-only";
import type { z } from "zod";
import { readJsonBody, validationError } from "../../http/parse-body";

/** The header that names what a door took out of the body and did not use. */
export const IGNORED_HEADER = "x-switchyard-ignored-params";

/** Passes of taking fields out: each pass goes one level of unknown objects deeper. */
const MAX_PASSES = 8;

type Issue = z.core.$ZodIssue;
type Unknown = { path: PropertyKey[]; keys: string[] };

/** The unknown keys behind an issue, or null when the issue is about something else. */
function unknownKeys(issue: Issue, prefix: PropertyKey[] = []): Unknown[] | null {
  if (issue.code === "unrecognized_keys") return [{ path: [...prefix, ...issue.path], keys: issue.keys }];
  if (issue.code !== "invalid_union" || !issue.errors?.length) return null;
  // A union: the first option whose every problem is an unknown key is the one the body meant.
  for (const option of issue.errors) {
    const found = option.map((inner) => unknownKeys(inner, [...prefix, ...issue.path]));
    if (found.length && found.every((f) => f !== null)) return found.flat() as Unknown[];
  }
  return null;
}

/** A field's name for the header: indices as `*` (`tools.*.defer_loading`). */
const nameOf = (path: PropertyKey[]) => path.map((p) => (typeof p === "number" || /^\d+$/.test(String(p)) ? "*" : String(p))).join(".");

function remove(json: unknown, { path, keys }: Unknown): void {
  let at: unknown = json;
  for (const step of path) at = (at as Record<PropertyKey, unknown> | undefined)?.[step];
  if (typeof at === "object" && at !== null) for (const key of keys) delete (at as Record<string, unknown>)[key];
}

/** The body, less the fields the schema does not know, and those fields' names (each once). */
export function parseLenient<S extends z.ZodType>(json: unknown, schema: S): { body: z.infer<S>; ignored: string[] } {
  const ignored = new Set<string>();
  let parsed = schema.safeParse(json);
  for (let pass = 0; !parsed.success && pass < MAX_PASSES; pass++) {
    const found = parsed.error.issues.map((issue) => unknownKeys(issue));
    const removable = found.filter((f): f is Unknown[] => f !== null).flat();
    if (!removable.length) break;
    for (const unknown of removable) {
      remove(json, unknown);
      for (const key of unknown.keys) ignored.add(nameOf([...unknown.path, key]));
    }
    parsed = schema.safeParse(json);
  }
  if (!parsed.success) throw validationError(parsed.error, "body", json, schema);
  return { body: parsed.data, ignored: [...ignored] };
}

/** A vendor door's body from the request: JSON under the body cap, then parseLenient. */
export async function parseDoorBody<S extends z.ZodType>(request: Request, schema: S): Promise<{ body: z.infer<S>; ignored: string[] }> {
  return parseLenient(await readJsonBody(request), schema);
}
