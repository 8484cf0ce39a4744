// The Anthropic door of the AI API (/api/public/v1/anthropic): one registration per route and method.
import "server-only";
import { anthropicErrorEnvelope, anthropicModelList, anthropicModelResponse, countTokensRequest, countTokensResponse, messageResponse, messagesRequest } from "../ai/anthropic-schema";
import type { ErrorCode } from "../errors";
import { operation } from "./operation";

const shape =
  "Errors in Anthropic's shape: `{\"type\": \"error\", \"error\": {\"type\", \"message\"}, \"request_id\", \"code\"}` with Anthropic's error types " +
  "and our status codes and `code`s. The key goes in `x-api-key` or `Authorization: Bearer`; `anthropic-version` is taken when it is a date.";

const generationErrors: ErrorCode[] = ["unknown_product", "empty_input", "product_not_allowed", "insufficient_credits", "key_credit_limit_reached", "forbidden", "upstream_unavailable"];

export const anthropicOperations = ([
  operation({
    method: "post",
    path: "/api/public/v1/anthropic/v1/messages",
    summary: "Messages (Anthropic-compatible)",
    description:
      "Anthropic's Messages wire format on the same generation; `model` names a product. Same keys, scopes, metering and routing as the native endpoints. " +
      "Blocks `text`, `image` (base64 or https URL), `tool_use` and `tool_result`; `tools`, `tool_choice`, `stop_sequences`, `temperature`, `top_p`, `metadata`. " +
      "`top_k` and `thinking` are refused with 400 `invalid_body` naming the field. " + shape,
    scope: "read_write",
    bucket: "generate",
    body: messagesRequest,
    responses: {
      200: {
        description: "The message, with a `switchyard` member carrying credits and routing; with `stream: true`, Anthropic's stream events instead.",
        schema: messageResponse,
        stream: {
          description:
            "Named events: `message_start`, `ping`, then a `text` block (`content_block_start`, `content_block_delta` with `text_delta`, `content_block_stop`) when the answer has text, " +
            "one `tool_use` block per whole call (its input in one `input_json_delta`), then `message_delta` (`stop_reason`, `usage`, `switchyard`) and `message_stop`. " +
            "A failure after the start is `event: error` with the error body.",
          example:
            'event: message_start\ndata: {"type":"message_start","message":{"id":"gen_01jd0v6x4m8q2r5t7w9y1b3c5e","type":"message","role":"assistant","model":"scholar","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":12,"output_tokens":0}}}\n\n' +
            'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
            'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}\n\n' +
            'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
            'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":12,"output_tokens":2}}\n\n' +
            'event: message_stop\ndata: {"type":"message_stop"}\n\n',
        },
      },
    },
    errors: generationErrors,
  }),
  operation({
    method: "post",
    path: "/api/public/v1/anthropic/v1/messages/count_tokens",
    summary: "Count tokens (Anthropic-compatible)",
    description: "The input tokens a messages request (conversation, system and tools) would be metered for; nothing is generated or charged. " + shape,
    scope: "read_write",
    body: countTokensRequest,
    responses: { 200: { description: "The input tokens.", schema: countTokensResponse } },
    errors: ["unknown_product", "empty_input"],
  }),
  operation({
    method: "get",
    path: "/api/public/v1/anthropic/v1/models",
    summary: "List models (Anthropic-compatible)",
    description: "The products as Anthropic-style models. " + shape,
    scope: "read",
    responses: { 200: { description: "The models.", schema: anthropicModelList } },
  }),
  operation({
    method: "get",
    path: "/api/public/v1/anthropic/v1/models/{id}",
    summary: "Retrieve a model (Anthropic-compatible)",
    description: "One product as an Anthropic-style model; `id` is a product id or `switchyard/<product>`. Any other id is 404 `not_found`. " + shape,
    scope: "read",
    pathParams: { id: "A product id (`scholar`) or `switchyard/<product>` (its slash percent-encoded)." },
    responses: { 200: { description: "The model.", schema: anthropicModelResponse } },
  }),
]).map((op) => ({ ...op, errorSchema: anthropicErrorEnvelope }));
