// The OpenAPI 3.1 document of both public APIs, generated from the operations registered in
// paths-*.ts (which use the domains' zod schemas) and never written by hand. A new route is one
// operation() in the paths file of its domain; a new domain's file joins `operations` (operations.ts).
import "server-only";
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { chatCompletionChunk } from "../ai/openai-schema";
import { generationDeltaEvent, generationDoneEvent, generationRequest, generationToolCallEvent } from "../ai/schema";
import { apiKeyScheme, SECURITY_SCHEME } from "./components";
import { TAGS, toOperation } from "./operation";
import { operations } from "./operations";

export { operations };

const info = {
  title: "Switchyard API",
  version: "1.0.0",
  description:
    "Two APIs in one service: the routed AI API under `/api/public/v1` and the cloud API under `/v1`. Bodies are JSON, at most 1 MiB " +
    "(a larger one is 413 `input_too_large`: send images as `https://` URLs rather than `data:` URLs); " +
    "unknown fields are refused (400 `invalid_body` naming the field in `param`). Every response has `X-Request-Id`; every " +
    "keyed response has the `RateLimit-Policy` and `RateLimit` headers. Lists take `?limit=` (1..100, default 20) and `?cursor=`.",
};

function paths(): ZodOpenApiPathsObject {
  const byPath: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const item = (byPath[op.path] ??= {});
    if (item[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is registered twice`);
    item[op.method] = toOperation(op);
  }
  return byPath;
}

/** Drops what zod adds that says nothing to a reader: the RFC 3339 pattern beside `format:
 * date-time`, and the safe-integer bounds of every `.int()`. */
function quieter(schema: { format?: string; pattern?: string; minimum?: number; maximum?: number }) {
  if (schema.format === "date-time") delete schema.pattern;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

export function buildDocument() {
  return createDocument(
    {
      openapi: "3.1.0",
      info,
      tags: [TAGS.ai, TAGS.cloud],
      security: [{ [SECURITY_SCHEME]: [] }],
      paths: paths(),
      components: {
        securitySchemes: { [SECURITY_SCHEME]: apiKeyScheme },
        schemas: {
          // Used by three endpoints: one component rather than three copies.
          GenerationRequest: generationRequest,
          // Stream events are described in prose under text/event-stream; their schemas live here.
          GenerationDeltaEvent: generationDeltaEvent,
          GenerationToolCallEvent: generationToolCallEvent,
          GenerationDoneEvent: generationDoneEvent,
          ChatCompletionChunk: chatCompletionChunk,
        },
      },
    },
    { override: ({ jsonSchema }) => quieter(jsonSchema) },
  );
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

let built: OpenApiDocument | undefined;

/** The document, built once per process (it depends only on code). */
export function openApiDocument(): OpenApiDocument {
  built ??= buildDocument();
  return built;
}
