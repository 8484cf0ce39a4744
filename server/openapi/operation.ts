// One registration per route and method: what the route is, the scope its withApiKey demands, and
// the zod schemas of its request and answers. toOperation() adds what follows from the contract
// (auth errors, rate-limit headers, Idempotency-Key on cloud changes, not_found on ids...).
import "server-only";
import { z } from "zod";
import type { ZodObjectInput, ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import type { Bucket } from "../billing/tiers";
import type { ErrorCode } from "../errors";
import type { Scope } from "../actor";
import { errorResponses, idempotencyKey, SECURITY_SCHEME, successHeaders } from "./components";
import { requestExamples } from "./request-examples";

export type Method = "get" | "post" | "put" | "patch" | "delete";

export const TAGS = {
  ai: { name: "AI API", description: "Routed generation, usage and the OpenAI-compatible door, under `/api/public/v1`." },
  cloud: { name: "Cloud API", description: "Instances, snapshots, SSH keys, domains, webhooks, API keys and billing of a project, under `/v1`." },
} as const;

export type SuccessResponse = {
  description: string;
  /** The JSON body; none for 204. */
  schema?: z.ZodType;
  /** When the request may ask for server-sent events instead (`stream: true`). */
  stream?: { description: string; example: string };
};

export type ApiOperation = {
  method: Method;
  /** The URL path with `{name}` for each dynamic segment, as the route's folder spells it. */
  path: string;
  summary: string;
  description?: string;
  /** The scope the route passes to withApiKey; null for a route without a key (withoutKey). */
  scope: Scope | null;
  /** The rate-limit bucket (withApiKey's `bucket`, default `api`). */
  bucket?: Bucket;
  /** Descriptions of the path parameters; any not named here is described as a resource id. */
  pathParams?: Record<string, string>;
  query?: ZodObjectInput;
  body?: z.ZodType;
  responses: Record<number, SuccessResponse>;
  /** Codes this operation can answer beyond those its kind always can (see commonErrors). */
  errors?: ErrorCode[];
  /** The error body's schema, when the route's door has its own shape (the native envelope by default). */
  errorSchema?: z.ZodType;
};

export const operation = (op: ApiOperation) => op;

export const tagOf = (path: string) => (path.startsWith("/api/public/v1/") ? TAGS.ai.name : TAGS.cloud.name);
export const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
/** Every keyed POST, PATCH and DELETE takes an Idempotency-Key (README "Cloud API"; withApiKey applies it). */
export const isIdempotent = (op: Pick<ApiOperation, "method" | "scope">) => op.scope !== null && op.method !== "get";

/** The codes an operation can answer because of what it is: keyed, with a body, with an id, ... */
export function commonErrors(op: ApiOperation): ErrorCode[] {
  return [
    ...(op.query || op.body ? (["invalid_body"] as const) : []),
    ...(op.scope ? (["missing_api_key", "invalid_api_key", "insufficient_scope", "rate_limited"] as const) : []),
    ...(op.body ? (["input_too_large"] as const) : []),
    ...(pathParamNames(op.path).length ? (["not_found"] as const) : []),
    ...(isIdempotent(op) ? (["invalid_idempotency_key", "idempotency_key_in_use", "idempotency_key_mismatch"] as const) : []),
    "internal_error",
  ];
}

function pathParamsSchema(op: ApiOperation) {
  const names = pathParamNames(op.path);
  if (!names.length) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().meta({ description: op.pathParams?.[name] ?? "The resource's id." })])));
}

function success(op: ApiOperation, response: SuccessResponse): ZodOpenApiResponseObject {
  const content: NonNullable<ZodOpenApiResponseObject["content"]> = {};
  if (response.schema) content["application/json"] = { schema: response.schema };
  if (response.stream) {
    content["text/event-stream"] = {
      schema: z.string().meta({ description: response.stream.description }),
      example: response.stream.example,
    };
  }
  return {
    description: response.description,
    headers: successHeaders({ keyed: op.scope !== null, idempotent: isIdempotent(op) }),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

/** `patchInstancesById`, `postAiCompletions`: the method and the path after the API's prefix. */
function operationId(op: ApiOperation): string {
  const path = op.path.replace(/^(\/api\/public)?\/v1/, "").replace(/\{(\w+)\}/g, "by_$1");
  return op.method + path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, next: string = "") => next.toUpperCase());
}

function exampleOf(op: ApiOperation): { example?: unknown } {
  const example = requestExamples[`${op.method} ${op.path}`];
  return example === undefined ? {} : { example };
}

export function toOperation(op: ApiOperation): ZodOpenApiOperationObject {
  const params = pathParamsSchema(op);
  const keyed = op.scope !== null;
  return {
    operationId: operationId(op),
    tags: [tagOf(op.path)],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: keyed ? [{ [SECURITY_SCHEME]: [] }] : [],
    ...(keyed ? { "x-required-scope": op.scope, "x-rate-limit-bucket": op.bucket ?? "api" } : {}),
    ...(params || op.query ? { requestParams: { ...(params ? { path: params } : {}), ...(op.query ? { query: op.query } : {}) } } : {}),
    ...(isIdempotent(op) ? { parameters: [idempotencyKey] } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body, ...exampleOf(op) } } } } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(op.responses).map(([status, response]) => [status, success(op, response)])),
      ...errorResponses([...commonErrors(op), ...(op.errors ?? [])], keyed, op.errorSchema),
    },
  };
}
