// Turns a JSON Schema of the OpenAPI document into rows a person reads: dotted field names, a
// short type, required or not, and the description. $refs are followed (each once per branch).
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

export type FieldRow = { name: string; type: string; required: boolean; description: string };

export type Schemas = Record<string, JsonSchema>;

const refName = (ref: string) => ref.split("/").pop()!;

export function resolve(schema: JsonSchema, schemas: Schemas): JsonSchema {
  return schema.$ref ? resolve(schemas[refName(schema.$ref)] ?? {}, schemas) : schema;
}

const MAX_ENUM = 12;

export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) {
    const shown = schema.enum.slice(0, MAX_ENUM).map((value) => JSON.stringify(value));
    return shown.join(" | ") + (schema.enum.length > MAX_ENUM ? ` | … (${schema.enum.length} values)` : "");
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"];
  return types
    .map((type) => {
      if (type === "array") return `${schema.items ? typeLabel(schema.items) : "any"}[]`;
      if (type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
        return `map of ${typeLabel(schema.additionalProperties)}`;
      }
      // A variant of a tagged union: name it by its tag.
      if (type === "object" && schema.properties?.type?.const !== undefined) return `{type: ${JSON.stringify(schema.properties.type.const)}}`;
      return schema.format && type === "string" ? `string (${schema.format})` : type;
    })
    .join(" | ");
}

/** Limits and defaults, as a short note after the description. */
function constraints(schema: JsonSchema): string {
  const notes: string[] = [];
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) notes.push(`${schema.minimum ?? "…"} to ${schema.maximum ?? "…"}`);
  if (schema.maxLength !== undefined) notes.push(`up to ${schema.maxLength} characters`);
  return notes.length ? ` (${notes.join("; ")})` : "";
}

/** The object an array or nullable holds, if it is one, so its fields can be listed under it. */
function inner(schema: JsonSchema, schemas: Schemas): { object: JsonSchema; suffix: string } | undefined {
  const resolved = resolve(schema, schemas);
  if (resolved.properties) return { object: resolved, suffix: "" };
  if (resolved.items) {
    const item = inner(resolved.items, schemas);
    return item && { object: item.object, suffix: `[]${item.suffix}` };
  }
  const variants = (resolved.anyOf ?? resolved.oneOf ?? []).filter((variant) => resolve(variant, schemas).type !== "null");
  return variants.length === 1 ? inner(variants[0], schemas) : undefined;
}

export function fieldRows(schema: JsonSchema | undefined, schemas: Schemas, prefix = "", seen = new Set<string>(), depth = 0): FieldRow[] {
  if (!schema || depth > 3) return [];
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    return fieldRows(resolve(schema, schemas), schemas, prefix, new Set([...seen, schema.$ref]), depth);
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const resolved = resolve(property, schemas);
    const row: FieldRow = {
      name: prefix + name,
      type: typeLabel(property),
      required: required.has(name),
      description: (property.description ?? resolved.description ?? "") + constraints(resolved),
    };
    const nested = inner(property, schemas);
    const seenHere = property.$ref ? new Set([...seen, property.$ref]) : seen;
    const children = nested ? fieldRows(nested.object, schemas, `${prefix}${name}${nested.suffix}.`, seenHere, depth + 1) : [];
    return [row, ...children];
  });
}
