// What a zod schema says about one field of a request: the fields beside it and its own words
// (the `description` the OpenAPI document shows, the values of an enum). The validation messages
// use them, so a field gets a good message from its schema alone.
import "server-only";
import { z } from "zod";

/** How many allowed values a message lists (webhook event types and patterns are 13); more are left to /docs. */
export const LISTED_VALUES = 20;

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const describedBy = (schema: z.ZodType) => z.globalRegistry.get(schema)?.description;

/** The schema and each wrapper around it (optional, default, pipe...), outermost first. */
function layers(schema: z.ZodType): z.ZodType[] {
  const all = [schema];
  for (let def = defOf(schema); ; def = defOf(all[all.length - 1])) {
    const inner = def.innerType ?? def.in ?? (def.type === "lazy" ? def.getter?.() : undefined);
    if (!inner || all.length > 20) return all;
    all.push(inner);
  }
}

const core = (schema: z.ZodType) => layers(schema).at(-1)!;

/** The schemas a step of a path leads to (every option of a union that has it). */
function step(schema: z.ZodType, key: PropertyKey): z.ZodType[] {
  const def = defOf(core(schema));
  if (def.type === "object") return def.shape && typeof key === "string" && key in def.shape ? [def.shape[key]] : [];
  if (def.type === "array") return typeof key === "number" && def.element ? [def.element] : [];
  if (def.type === "record") return def.valueType ? [def.valueType] : [];
  if (def.type === "union") return (def.options ?? []).flatMap((option) => step(option, key));
  return [];
}

/** Every schema the path may lead to (several when it goes through a union). */
export function schemasAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): z.ZodType[] {
  let found = schema ? [schema] : [];
  for (const key of path) found = found.flatMap((s) => step(s, key));
  return found;
}

/** The fields an object at this path may have (of every union option). */
export function fieldsAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): string[] {
  const fields = schemasAt(schema, path).flatMap((s) => {
    const def = defOf(core(s));
    if (def.type === "object") return Object.keys(def.shape ?? {});
    if (def.type === "union") return (def.options ?? []).flatMap((o) => fieldsAt(o, []));
    return [];
  });
  return [...new Set(fields)];
}

/**
 * What the field is, in a few words: the first sentence of its description, or the values it
 * takes; undefined when its schema says nothing.
 */
export function fieldHint(schema: z.ZodType | undefined, path: readonly PropertyKey[]): string | undefined {
  const [found] = schemasAt(schema, path);
  if (!found) return undefined;
  for (const layer of layers(found)) {
    const description = describedBy(layer);
    if (description) {
      // The first sentence, without a closing aside: a hint, not the whole documentation.
      const first = description.split(/(?<=\.)\s+(?=[A-Z(`])/)[0].replace(/\.$/, "").replace(/\s*\([^()]*\)$/, "");
      return /^[A-Z](?![A-Z])/.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
    }
  }
  const def = defOf(core(found));
  if (def.type === "enum" && def.entries) {
    const values = Object.values(def.entries);
    if (values.length <= LISTED_VALUES) return `one of ${values.map((v) => `\`${v}\``).join(", ")}`;
  }
  return undefined;
}
