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

export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) {
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
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

/** The objects an array, nullable or union holds (one per variant), so their fields can be listed under it. */
function inner(schema: JsonSchema, schemas: Schemas): { object: JsonSchema; suffix: string }[] {
  const resolved = resolve(schema, schemas);
  if (resolved.properties) return [{ object: schema, suffix: "" }];
  if (resolved.items) return inner(resolved.items, schemas).map((item) => ({ object: item.object, suffix: `[]${item.suffix}` }));
  const variants = (resolved.anyOf ?? resolved.oneOf ?? []).filter((variant) => resolve(variant, schemas).type !== "null");
  return variants.flatMap((variant) => inner(variant, schemas));
}

/** The tag of a union's variant (`{type: "image"}`), if it has one. */
const tagOf = (object: JsonSchema, schemas: Schemas) => {
  const tag = resolve(object, schemas).properties?.type?.const;
  return tag === undefined ? undefined : `{type: ${JSON.stringify(tag)}}`;
};

/** The fields of every variant under one name: a field several variants share is one row. */
function variantRows(variants: { object: JsonSchema; suffix: string }[], schemas: Schemas, prefix: string, seen: Set<string>, depth: number): FieldRow[] {
  const rows = new Map<string, FieldRow & { variants: string[] }>();
  for (const variant of variants) {
    const tag = tagOf(variant.object, schemas);
    for (const row of fieldRows(variant.object, schemas, `${prefix}${variant.suffix}.`, seen, depth)) {
      const known = rows.get(row.name);
      if (!known) rows.set(row.name, { ...row, variants: tag ? [tag] : [] });
      else {
        if (!known.type.split(" | ").includes(row.type)) known.type += ` | ${row.type}`;
        known.description ||= row.description;
        if (tag) known.variants.push(tag);
      }
    }
  }
  const tagged = variants.filter((variant) => tagOf(variant.object, schemas)).length;
  return [...rows.values()].map(({ variants: tags, ...row }) =>
    tagged > 1 && tags.length < tagged && tags.length ? { ...row, description: `In ${tags.join(", ")}. ${row.description}`.trim() } : row,
  );
}

export function fieldRows(schema: JsonSchema | undefined, schemas: Schemas, prefix = "", seen = new Set<string>(), depth = 0): FieldRow[] {
  if (!schema || depth > 8) return [];
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
    return [row, ...variantRows(inner(property, schemas), schemas, `${prefix}${name}`, seen, depth + 1)];
  });
}
