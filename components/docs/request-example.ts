// A curl example per operation, built from the OpenAPI document: the method, the path, the key, and
// the body's example (server/openapi/request-examples.ts), else one made of the schema's own examples, defaults and first enum values (its required
// fields only), so that it is a request the API takes as written (reference-page.test.ts).
import { resolve, type JsonSchema, type Schemas } from "./schema-fields";

export const BASE_URL = "https://switchyard.example";

type Example = JsonSchema & { example?: unknown; examples?: unknown[]; minItems?: number };

/** A value the schema takes, or undefined when it gives nothing to build one from. */
export function exampleOf(schema: JsonSchema, schemas: Schemas, seen = new Set<string>()): unknown {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return undefined;
    const own = schema as Example;
    if (own.example !== undefined) return own.example;
    return exampleOf(resolve(schema, schemas), schemas, new Set([...seen, schema.$ref]));
  }
  const s = schema as Example;
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const variants = (s.anyOf ?? s.oneOf)?.filter((v) => resolve(v, schemas).type !== "null");
  if (variants?.length) return exampleOf(variants[0], schemas, seen);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "object" || s.properties) {
    const required = s.required ?? [];
    return Object.fromEntries(required.map((name) => [name, exampleOf(s.properties?.[name] ?? {}, schemas, seen)]));
  }
  if (type === "array") return s.minItems && s.items ? [exampleOf(s.items, schemas, seen)] : [];
  if (type === "boolean") return false;
  if (type === "integer" || type === "number") return s.minimum ?? 1;
  if (type === "string") return "example";
  return undefined;
}

/** `curl ...` for one operation; `body` is its request body's schema and example, if it has a body. */
export function curlExample(method: string, path: string, keyed: boolean, body: { schema?: JsonSchema; example?: unknown } | undefined, schemas: Schemas): string {
  const lines = [`curl -s${method === "GET" ? "" : ` -X ${method}`} ${BASE_URL}${path}`];
  if (keyed) lines.push(`  -H "Authorization: Bearer $SWITCHYARD_API_KEY"`);
  if (body) {
    lines[lines.length - 1] += ` -H 'Content-Type: application/json'`;
    lines.push(`  -d '${JSON.stringify(body.example ?? exampleOf(body.schema ?? {}, schemas))}'`);
  }
  return lines.join(" \\\n");
}
