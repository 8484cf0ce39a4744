// What the reference page shows of the OpenAPI document: operations grouped by tag, each with its
// scope, parameters, body fields and responses, read from the generated document itself.
import { curlExample } from "./request-example";
import { fieldRows, resolve, typeLabel, type FieldRow, type JsonSchema, type Schemas } from "./schema-fields";

type Parameter = { $ref?: string; name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Media = { schema?: JsonSchema; example?: unknown };
type Response = { description: string; content?: Record<string, Media>; headers?: Record<string, unknown>; "x-error-codes"?: string[] };
type Operation = {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
  "x-required-scope"?: string;
  "x-rate-limit-bucket"?: string;
};
export type Document = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Schemas; parameters?: Record<string, Parameter> };
};

export type ParameterRow = FieldRow & { in: string };
export type ResponseView = {
  status: string;
  description: string;
  errorCodes: string[];
  media: { type: string; schemaName?: string; description?: string; fields: FieldRow[]; example?: string }[];
  headers: string[];
};
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  scope?: string;
  bucket?: string;
  parameters: ParameterRow[];
  body: { schemaName?: string; fields: FieldRow[] } | null;
  responses: ResponseView[];
  /** A request the operation takes, as curl. */
  curl: string;
};
export type TagView = { name: string; description?: string; operations: OperationView[] };

const METHODS = ["get", "post", "put", "patch", "delete"];

function parameterRow(parameter: Parameter, document: Document): ParameterRow {
  const p = parameter.$ref ? document.components?.parameters?.[parameter.$ref.split("/").pop()!] ?? parameter : parameter;
  const schemas = document.components?.schemas ?? {};
  const schema = p.schema ? resolve(p.schema, schemas) : {};
  return { name: p.name, in: p.in, type: p.schema ? typeLabel(p.schema) : "string", required: !!p.required, description: p.description ?? schema.description ?? "" };
}

function responseView(status: string, response: Response, schemas: Schemas): ResponseView {
  return {
    status,
    description: response.description,
    errorCodes: response["x-error-codes"] ?? [],
    headers: Object.keys(response.headers ?? {}),
    media: Object.entries(response.content ?? {}).map(([type, media]) => ({
      type,
      schemaName: media.schema?.$ref?.split("/").pop(),
      // A stream's format is told in its schema's description (there are no fields to list).
      description: media.schema?.properties ? undefined : media.schema?.description,
      // Error bodies are all the one envelope, shown once at the top of the page.
      fields: Number(status) >= 400 ? [] : fieldRows(media.schema, schemas),
      example: typeof media.example === "string" ? media.example : undefined,
    })),
  };
}

function operationView(method: string, path: string, op: Operation, document: Document): OperationView {
  const schemas = document.components?.schemas ?? {};
  const media = op.requestBody?.content["application/json"];
  const body = media?.schema;
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? "",
    description: op.description,
    scope: op["x-required-scope"],
    bucket: op["x-rate-limit-bucket"],
    parameters: (op.parameters ?? []).map((parameter) => parameterRow(parameter, document)),
    body: body ? { schemaName: body.$ref?.split("/").pop(), fields: fieldRows(body, schemas) } : null,
    responses: Object.entries(op.responses).map(([status, response]) => responseView(status, response, schemas)),
    curl: curlExample(method.toUpperCase(), path, !!op["x-required-scope"], media && { schema: body, example: media.example }, schemas),
  };
}

export function referenceModel(document: Document): TagView[] {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ tag: item[method].tags?.[0] ?? "Other", view: operationView(method, path, item[method], document) })),
  );
  return (document.tags ?? []).map((tag) => ({
    name: tag.name,
    description: tag.description,
    operations: operations.filter((operation) => operation.tag === tag.name).map((operation) => operation.view),
  }));
}

/** The error envelope's fields, for the page's introduction. */
export const errorFields = (document: Document) => fieldRows({ $ref: "#/components/schemas/Error" }, document.components?.schemas ?? {});

export type ErrorCodeRow = { code: string; status: number; meaning: string; action: string };

/** The error codes table: the `x-error-codes` of the ErrorCode schema (server/errors.ts). */
export const errorCodeRows = (document: Document): ErrorCodeRow[] =>
  ((document.components?.schemas?.ErrorCode as { "x-error-codes"?: ErrorCodeRow[] } | undefined)?.["x-error-codes"] ?? []);
