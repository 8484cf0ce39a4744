// The AI API (/api/public/v1): one registration per route and method.
import "server-only";
import { chatCompletionRequest, chatCompletionResponse, modelListResponse, modelResponse } from "../ai/openai-schema";
import { responseInputTokens, responseObject, responseRequest } from "../ai/responses-schema";
import { generationRequest, generationResponse, productListResponse } from "../ai/schema";
import { usageQuery, usageResponse } from "../billing/schema";
import type { ErrorCode } from "../errors";
import type { Endpoint } from "../vocab/endpoints";
import { operation, type SuccessResponse } from "./operation";

const generated: SuccessResponse = {
  description:
    "The generation. With `stream: true`, server-sent events instead: once the request is accepted the 200 goes out at once, " +
    "and any later failure is an `error` event. A JSON answer that takes over 15 s sends its status early, then a space " +
    "every 10 s, then the body (a failure after that point is an error envelope as that body).",
  schema: generationResponse,
  stream: {
    description:
      'Zero or more `event: delta` (data: `{"text": "..."}`, a `GenerationDeltaEvent`), then one `event: tool_call` per whole call when the ' +
      "answer makes calls (data: a `GenerationToolCallEvent`, arguments an object), then exactly one terminal event: `event: done` " +
      "(data: a `GenerationDoneEvent`, the generation without its output) or `event: error` (data: the error envelope, " +
      "e.g. `upstream_unavailable`); then the stream closes. A comment line `: keep-alive` goes out after 10 s without an event. " +
      "A client that disconnects cancels the work and pays only for the text it was sent.",
    example:
      'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\n' +
      'event: done\ndata: {"id":"gen_01jd0v6x4m8q2r5t7w9y1b3c5e","product":"scholar","usage":{"input_tokens":12,"output_tokens":2,"credits":0.000024},' +
      '"routing":{"reason":"scholar, task explain, risk 0.3: primary engine answered","attempts":1,"escalated":false},"finish_reason":"stop","metadata":{}}\n\n',
  },
};

const generationErrors: ErrorCode[] = ["unknown_product", "empty_input", "product_not_allowed", "insufficient_credits", "key_credit_limit_reached", "forbidden", "upstream_unavailable"];

const generation = (endpoint: Endpoint, summary: string, description: string) =>
  operation({
    method: "post",
    path: `/api/public/v1/ai/${endpoint}`,
    summary,
    description,
    scope: "read_write",
    bucket: "generate",
    body: generationRequest,
    responses: { 200: generated },
    // review_of names a generation of this workspace; anything else is not_found.
    errors: endpoint === "review" ? [...generationErrors, "not_found"] : generationErrors,
  });

export const aiOperations = [
  operation({
    method: "get",
    path: "/api/public/v1/ai/products",
    summary: "List products",
    description: "The five products, the endpoints each serves, their live rates and limits. Needs no key.",
    scope: null,
    responses: { 200: { description: "The products.", schema: productListResponse } },
  }),
  generation("completions", "Generate an answer", "Any product; default `scholar`."),
  generation("code", "Generate code", "`scholar` (default), `advanced` or `vision`; `fire` and `sentinel` are refused with `product_not_allowed` and a `suggested_product`."),
  generation("review", "Review with sentinel", "Always `sentinel`, never on the engine family that produced the generation named in `review_of`."),
  operation({
    method: "get",
    path: "/api/public/v1/usage",
    summary: "Usage by day, engine and project",
    description: "Any read key of a workspace sees that workspace's usage across its projects.",
    scope: "read",
    query: usageQuery,
    responses: { 200: { description: "Usage and its totals.", schema: usageResponse } },
    errors: ["not_found"],
  }),
  operation({
    method: "post",
    path: "/api/public/v1/openai/chat/completions",
    summary: "Chat completions (OpenAI-compatible)",
    description:
      "OpenAI's Chat Completions wire format on the same generation; `model` names a product. Same keys, scopes, metering and errors as the native endpoints. " +
      "`tools`, `tool_choice`, `functions`, `function_call`, `logprobs`, `top_logprobs`, `n` over 1 and a `json_schema` response format are refused " +
      "with 400 `invalid_body` naming the field (not supported yet), never silently dropped; errors about the model name `param: \"model\"`.",
    scope: "read_write",
    bucket: "generate",
    body: chatCompletionRequest,
    responses: {
      200: {
        description: "The completion, with a `switchyard` member carrying credits and routing; with `stream: true`, chunks instead.",
        schema: chatCompletionResponse,
        stream: {
          description:
            "Bare `data:` lines, each a `ChatCompletionChunk` (the first carries the role, the last content chunk " +
            "`finish_reason` (`stop`, `length` or `content_filter`), and with `stream_options.include_usage` one more chunk carries `usage` and `switchyard`), then " +
            "`data: [DONE]`. A failure after the start is a `data:` line with the error envelope.",
          example:
            'data: {"id":"gen_01jd0v6x4m8q2r5t7w9y1b3c5e","created":1764000000,"model":"scholar","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}\n\n' +
            "data: [DONE]\n\n",
        },
      },
    },
    errors: generationErrors,
  }),
  operation({
    method: "post",
    path: "/api/public/v1/openai/responses",
    summary: "Responses (OpenAI-compatible)",
    description:
      "OpenAI's Responses wire format on the same generation; `model` names a product. Same keys, scopes, metering and errors as the native endpoints. " +
      "Stateless: nothing is stored, so `store: true`, `previous_response_id`, `background: true`, `conversation`, `prompt` and item references " +
      "are refused with 400 `invalid_body` naming the field: send the whole conversation in `input` (messages, `function_call` and `function_call_output` items). " +
      "Built-in tools (`web_search`, ...) are not offered to the engine; they and every field this service does not use are named in `x-switchyard-ignored-params` " +
      "(the field policy in /docs). Errors about the model name `param: \"model\"`.",
    scope: "read_write",
    bucket: "generate",
    body: responseRequest,
    responses: {
      200: {
        description:
          "The response (`status` `completed`, or `incomplete` with `incomplete_details` when the output limit or the content filter cut it), " +
          "with a `switchyard` member carrying credits and routing; with `stream: true`, events instead.",
        schema: responseObject,
        stream: {
          description:
            "Named events, each `data` carrying its `type` and a `sequence_number` from 0: `response.created`, `response.in_progress`; on the first text " +
            "`response.output_item.added` (the message) and `response.content_part.added`, then `response.output_text.delta`s; then `response.output_text.done`, " +
            "`response.content_part.done`, `response.output_item.done`; for each call (whole, once checked) `response.output_item.added`, " +
            "`response.function_call_arguments.delta` and `.done`, `response.output_item.done`; last `response.completed` (or `response.incomplete`) with the " +
            "whole response, usage and `switchyard`. A failure after the start ends the stream with `response.failed`, its `response.error` the error envelope's `error`.",
          example:
            'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":4,"item_id":"msg_01jd0v6x4m8q2r5t7w9y1b3c5e",' +
            '"output_index":0,"content_index":0,"delta":"Hel","logprobs":[]}\n\n',
        },
      },
    },
    errors: generationErrors,
  }),
  operation({
    method: "post",
    path: "/api/public/v1/openai/responses/input_tokens",
    summary: "Count input tokens (OpenAI Responses-compatible)",
    description: "The input tokens a response to this body (conversation, instructions, tools, format) would be metered for; nothing is generated or charged.",
    scope: "read_write",
    body: responseRequest,
    responses: { 200: { description: "The input tokens.", schema: responseInputTokens } },
    errors: ["unknown_product", "empty_input"],
  }),
  operation({
    method: "get",
    path: "/api/public/v1/openai/models",
    summary: "List models (OpenAI-compatible)",
    description: "The products as OpenAI-style models.",
    scope: "read",
    responses: { 200: { description: "The models.", schema: modelListResponse } },
  }),
  operation({
    method: "get",
    path: "/api/public/v1/openai/models/{id}",
    summary: "Retrieve a model (OpenAI-compatible)",
    description: "One product as an OpenAI-style model; `id` is a product id or `switchyard/<product>`. Any other id is 404 `not_found` with `param: \"model\"`.",
    scope: "read",
    pathParams: { id: "A product id (`scholar`) or `switchyard/<product>` (its slash percent-encoded)." },
    responses: { 200: { description: "The model.", schema: modelResponse } },
  }),
];
