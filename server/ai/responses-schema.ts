// OpenAI's Responses request as the Responses door takes it (/docs, AI API), and its answer. The
// door is stateless: what would need a stored response, conversation, prompt or file
// (`store: true`, `previous_response_id`, `background`, `conversation`, `prompt`, item references,
// file ids) is declared so that the door can refuse it by name; the built-in tools OpenAI runs itself
// are not offered to the engine and are named as ignored; a `namespace` tool's functions are offered
// flattened. What the door does with each field is its row in doors/field-policy.ts; a field declared
// nowhere here is taken out and named in `x-switchyard-ignored-params` (doors/door-body.ts).
import "server-only";
import { z } from "zod";
import { productIds } from "../vocab/products";
import { generationRouting, imageUrl } from "./schema";
import { jsonSchema, MAX_TOOLS, toolCallId, toolDescription, toolName, uniqueToolNames } from "./tools-schema";
import { MAX_CONTENT_PARTS, MAX_MESSAGES } from "./input-limits";

/** The tools OpenAI runs on its side: not offered to the engine, named as ignored (define a `function` tool and run it yourself). */
export const BUILT_IN_TOOLS = [
  "web_search", "web_search_preview", "web_search_preview_2025_03_11", "web_search_2025_08_26", "file_search", "code_interpreter",
  "computer_use_preview", "computer_use", "image_generation", "mcp", "local_shell", "shell", "apply_patch", "custom", "tool_search",
] as const;

/** Input items that only make sense with state kept by OpenAI, or that this service never writes. */
export const UNSERVED_ITEMS = [
  "item_reference", "compaction", "web_search_call", "file_search_call", "computer_call", "computer_call_output",
  "code_interpreter_call", "image_generation_call", "local_shell_call", "local_shell_call_output", "shell_call", "shell_call_output",
  "apply_patch_call", "apply_patch_call_output", "mcp_call", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response",
  "custom_tool_call", "custom_tool_call_output",
] as const;

const itemStatus = z.enum(["in_progress", "completed", "incomplete"]);

const inputText = z.strictObject({ type: z.literal("input_text"), text: z.string() });
const inputImage = z.strictObject({
  type: z.literal("input_image"),
  image_url: imageUrl.nullable().optional(),
  file_id: z.string().nullable().optional().meta({ description: "Not served (no stored files): send `image_url`." }),
  detail: z.enum(["auto", "low", "high", "original"]).nullable().optional(),
});
const inputFile = z.looseObject({ type: z.literal("input_file") }).meta({ description: "Not served: send the file's text as `input_text`." });
const outputText = z.strictObject({
  type: z.literal("output_text"),
  text: z.string(),
  annotations: z.array(z.unknown()).optional(),
  logprobs: z.array(z.unknown()).optional(),
  parsed: z.unknown().optional().meta({ description: "What an SDK's parse helper adds: accepted and not used." }),
});
const refusal = z.strictObject({ type: z.literal("refusal"), refusal: z.string() });

const messagePart = z.discriminatedUnion("type", [inputText, inputImage, inputFile, outputText, refusal]);

const messageItem = z.strictObject({
  type: z.literal("message").optional(),
  id: z.string().max(128).optional().meta({ description: "Accepted (an answer's item sent back) and not used." }),
  role: z.enum(["user", "assistant", "system", "developer"]),
  content: z.union([z.string(), z.array(messagePart).max(MAX_CONTENT_PARTS)]),
  status: itemStatus.optional(),
});

const functionCallItem = z.strictObject({
  type: z.literal("function_call"),
  id: z.string().max(128).optional(),
  call_id: toolCallId,
  name: toolName,
  arguments: z.string().meta({ description: "A JSON object as text, as answers carry it." }),
  status: itemStatus.optional(),
  parsed_arguments: z.unknown().optional().meta({ description: "What an SDK's parse helper adds: accepted and not used." }),
});

const functionCallOutputItem = z.strictObject({
  type: z.literal("function_call_output"),
  id: z.string().max(128).nullable().optional(),
  call_id: toolCallId.meta({ description: "The `call_id` of the call this is the result of." }),
  output: z.union([z.string(), z.array(z.discriminatedUnion("type", [inputText, inputImage, inputFile])).max(MAX_CONTENT_PARTS)]),
  status: itemStatus.nullable().optional(),
});

const unservedItem = z
  .looseObject({ type: z.enum(UNSERVED_ITEMS) })
  .meta({ description: "Refused by name: this service keeps no state and writes no such items; send the whole conversation as messages and function calls." });

/** An earlier answer's reasoning, sent back: its sealed block goes back to the engine that wrote it. */
const reasoningItem = z.looseObject({
  type: z.literal("reasoning"),
  encrypted_content: z.string().nullable().optional().meta({ description: "As an answer gave it (`include: [\"reasoning.encrypted_content\"]`); left out when it does not open here." }),
});

export const responseInputItem = z.discriminatedUnion("type", [messageItem, functionCallItem, functionCallOutputItem, reasoningItem, unservedItem]);

const functionTool = z.strictObject({
  type: z.literal("function"),
  name: toolName,
  description: toolDescription.nullable().optional(),
  parameters: jsonSchema.nullable().optional().meta({ description: "A JSON Schema object for the arguments; none means no arguments." }),
  strict: z
    .boolean()
    .nullable()
    .optional()
    .meta({ description: "When true, a call's arguments are checked against `parameters` before it is delivered. Null or absent: not checked." }),
});
const builtInTool = z
  .looseObject({ type: z.enum(BUILT_IN_TOOLS) })
  .meta({ description: "Not offered to the engine (named in `x-switchyard-ignored-params`): define a `function` tool and run it on your side." });
/** A group of functions under one name: its functions are offered as they are. */
const namespaceTool = z.looseObject({
  type: z.literal("namespace"),
  name: z.string().max(128),
  description: z.string().nullable().optional(),
  tools: z.array(functionTool).max(MAX_TOOLS),
});

const textFormat = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text") }),
  z.strictObject({ type: z.literal("json_object") }),
  z.strictObject({
    type: z.literal("json_schema"),
    name: toolName,
    description: toolDescription.optional(),
    schema: jsonSchema.meta({ description: "The JSON Schema the answer must be valid against." }),
    strict: z.boolean().nullable().optional(),
  }),
]);

export const responseRequest = z.strictObject({
  model: z.string().min(1).max(100).meta({ description: "A product id (`scholar`) or `switchyard/<product>`." }),
  input: z
    .union([z.string(), z.array(responseInputItem).max(MAX_MESSAGES)])
    .meta({ description: "The whole conversation: a string (one user message), or items: messages, `function_call` and `function_call_output`." }),
  instructions: z.string().nullable().optional().meta({ description: "A system message before `input`." }),
  stream: z.boolean().default(false).meta({ description: "Answer as named events (`response.created` ... `response.completed`), each with a `sequence_number`." }),
  stream_options: z.strictObject({ include_obfuscation: z.boolean().optional() }).nullable().optional().meta({ description: "Accepted; events are never padded." }),
  max_output_tokens: z.number().int().min(1).nullable().optional().meta({ description: "At most the product's `max_output_tokens`; without it 1,024, plus the thinking budget when `reasoning` asks engines to think." }),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional().meta({ description: "Passed on to engines that take it." }),
  tools: z
    .array(z.discriminatedUnion("type", [functionTool, namespaceTool, builtInTool]))
    .max(MAX_TOOLS)
    .superRefine(uniqueToolNames((tool) => (tool.type === "function" ? { name: tool.name, path: ["name"] } : undefined)))
    .nullable()
    .optional()
    .meta({
      description: `Up to ${MAX_TOOLS} \`function\` tools (a \`namespace\` tool's functions offered flattened); built-in tools (\`web_search\`, \`file_search\`, ...) are not offered and are named in \`x-switchyard-ignored-params\`.`,
    }),
  tool_choice: z
    .union([
      z.enum(["auto", "none", "required"]),
      z.discriminatedUnion("type", [
        z.strictObject({ type: z.literal("function"), name: toolName }),
        z.looseObject({ type: z.enum([...BUILT_IN_TOOLS, "allowed_tools"]) }),
      ]),
    ])
    .nullable()
    .optional()
    .meta({ description: "`auto` (default with tools), `none`, `required`, or `{type: \"function\", name}`." }),
  parallel_tool_calls: z.boolean().nullable().optional().meta({ description: "Default true: an answer may make several calls." }),
  text: z
    .strictObject({ format: textFormat.optional(), verbosity: z.enum(["low", "medium", "high"]).nullable().optional() })
    .optional()
    .meta({
      description:
        "`format`: `text` (default), `json_object`, or `json_schema` (`name`, `schema`, `strict`): the answer is checked before any of it is sent " +
        "(a stream sends it in one piece at the end); an engine whose answer fails is never billed and the next one is asked.",
    }),
  metadata: z
    .record(z.string().min(1).max(64), z.string().max(512))
    .refine((m) => Object.keys(m).length <= 16, "at most 16 pairs")
    .nullable()
    .optional()
    .meta({ description: "Up to 16 string pairs, echoed back and stored with usage." }),
  user: z.string().max(256).optional().meta({ description: "Your end user's id. Accepted; not passed on to engines." }),
  safety_identifier: z.string().max(256).nullable().optional().meta({ description: "Accepted; not passed on to engines." }),
  store: z.boolean().nullable().optional().meta({ description: "Only `false` (or absent): nothing is stored, ever. `true` is refused." }),
  previous_response_id: z.string().nullable().optional().meta({ description: "Refused: nothing is stored; send the whole conversation in `input`." }),
  background: z.boolean().nullable().optional().meta({ description: "Only `false`: `true` is refused (nothing is stored to poll)." }),
  conversation: z.unknown().optional().meta({ description: "Refused unless null: no conversations are stored; send the whole conversation in `input`." }),
  prompt: z.unknown().optional().meta({ description: "Refused unless null: no prompt templates are stored; send the text in `instructions` and `input`." }),
  include: z.array(z.string()).nullable().optional().meta({ description: "`reasoning.encrypted_content`: reasoning items carry their block sealed, to send back in `input`. Other values add nothing." }),
  prompt_cache_key: z.string().max(1024).nullable().optional().meta({ description: "Passed to OpenAI-format engines, which keep a cache per key." }),
  truncation: z.enum(["auto", "disabled"]).nullable().optional().meta({ description: "Only `disabled`: an input over the product's limit is refused, never cut." }),
  reasoning: z
    .looseObject({ effort: z.string().nullable().optional(), summary: z.string().nullable().optional() })
    .nullable()
    .optional()
    .meta({ description: "Engines that think do so first, on a budget from `effort` (`none`: no thinking): the answer starts with its `reasoning` items, their `summary` the thinking's text when `summary` is set." }),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional().meta({ description: "Only 0: answers carry no token probabilities." }),
});

export type ResponseRequest = z.infer<typeof responseRequest>;
export type ResponseInputItem = z.infer<typeof responseInputItem>;

// --- The answer --------------------------------------------------------------------------------

const outputMessage = z.strictObject({
  type: z.literal("message"),
  id: z.string(),
  role: z.literal("assistant"),
  status: itemStatus,
  content: z.array(z.strictObject({ type: z.literal("output_text"), text: z.string(), annotations: z.array(z.never()) })),
});

const outputFunctionCall = z.strictObject({
  type: z.literal("function_call"),
  id: z.string().meta({ description: "The item's id, `fc_...`." }),
  call_id: z.string().meta({ description: "The call's id, `call_...`: send it back as `function_call_output.call_id`." }),
  name: z.string(),
  arguments: z.string().meta({ description: "A JSON object as text." }),
  status: itemStatus,
});

export const responseUsage = z.strictObject({
  input_tokens: z.number().int(),
  input_tokens_details: z.strictObject({ cached_tokens: z.number().int() }),
  output_tokens: z.number().int(),
  output_tokens_details: z.strictObject({ reasoning_tokens: z.number().int() }),
  total_tokens: z.number().int(),
});

export const responseObject = z
  .strictObject({
    id: z.string().meta({ example: "resp_01jd0v6x4m8q2r5t7w9y1b3c5e", description: "`resp_` and the generation's id after `gen_`." }),
    object: z.literal("response"),
    created_at: z.number().int().meta({ description: "Unix seconds." }),
    status: z.enum(["in_progress", "completed", "incomplete", "failed"]),
    error: z.record(z.string(), z.unknown()).nullable().meta({ description: "On `failed` (streams only): the error envelope's `error`." }),
    incomplete_details: z
      .strictObject({ reason: z.enum(["max_output_tokens", "content_filter"]) })
      .nullable()
      .meta({ description: "On `incomplete`: the output limit was reached, or the engine's content filter ended the answer." }),
    model: z.enum(productIds).meta({ description: "The product that answered." }),
    output: z.array(z.discriminatedUnion("type", [outputMessage, outputFunctionCall])).meta({
      description: "A `message` with the answer's text (when there is text, or no call), then one `function_call` per call.",
    }),
    instructions: z.string().nullable(),
    max_output_tokens: z.number().int().nullable(),
    metadata: z.record(z.string(), z.string()),
    parallel_tool_calls: z.boolean(),
    previous_response_id: z.null(),
    store: z.literal(false),
    temperature: z.number().nullable(),
    text: z.strictObject({ format: textFormat, verbosity: z.string().optional() }),
    tool_choice: z.unknown(),
    tools: z.array(z.unknown()),
    top_p: z.number().nullable(),
    truncation: z.literal("disabled"),
    usage: responseUsage.nullable().meta({ description: "Null until the response is complete." }),
    switchyard: z
      .strictObject({ credits: z.number(), routing: generationRouting })
      .optional()
      .meta({ description: "Credits charged and routing, beside OpenAI's fields (on a complete or incomplete response)." }),
  })
  .meta({ id: "OpenAIResponse" });

export const responseInputTokens = z
  .strictObject({ object: z.literal("response.input_tokens"), input_tokens: z.number().int() })
  .meta({ id: "OpenAIResponseInputTokens" });
