// The OpenAI Responses door (/docs, AI API): a `response` object whose `output` is a `reasoning`
// item per block of the engines' thinking (when asked), a `message` item with the text (when there
// is text, or no call) and one `function_call` item per call; as a stream, named events numbered
// by `sequence_number`: the response created and in progress, each reasoning item whole, the
// text item opened on the first piece of text, each call item whole, then `response.completed`
// (`response.incomplete` when the output limit cut it) or `response.failed`. Usage and our own
// `switchyard` member (credits, routing) ride on the finished response.
import "server-only";
import { errorBody } from "../../errors";
import { inTermsOf } from "../param-terms";
import type { Generation } from "../generate";
import { responseRequest, type ResponseRequest } from "../responses-schema";
import type { ThinkingBlock } from "../providers/types";
import { reasoningCarrier } from "../thinking";
import type { Door, EventWriter, Started, WireEvent } from "./door";
import { builtInToolsOf, toGenerationRequest } from "./responses-request";
import type { KeyHandler } from "../../http/with-api-key";
import { parseDoorBody } from "./door-body";
import { vendorNotes } from "./http-door";
import { countInputTokens } from "./input-tokens";

type Status = "in_progress" | "completed" | "incomplete" | "failed";
type Call = NonNullable<Generation["tool_calls"]>[number];

/** The ids of a response and of its items, from the generation's (`gen_X` answers as `resp_X`, its text as `msg_X`). */
const idOf = (prefix: string, started: Started) => `${prefix}_${started.id.replace(/^gen_/, "")}`;
const callItemId = (call: Call) => `fc_${call.id.replace(/^call_/, "")}`;

const statusOf = (g: Generation): Status => (g.finish_reason === "length" || g.finish_reason === "content_filter" ? "incomplete" : "completed");
const incompleteDetails = (g: Generation) =>
  statusOf(g) === "incomplete" ? { reason: g.finish_reason === "length" ? "max_output_tokens" : "content_filter" } : null;

const textPart = (text: string) => ({ type: "output_text", text, annotations: [] });
const messageItem = (started: Started, text: string | null, status: Status) => ({
  type: "message",
  id: idOf("msg", started),
  role: "assistant",
  status,
  content: text === null ? [] : [textPart(text)],
});
const callItem = (call: Call, status: Status) => ({
  type: "function_call",
  id: callItemId(call),
  call_id: call.id,
  name: call.name,
  arguments: status === "in_progress" ? "" : JSON.stringify(call.arguments),
  status,
});

const summaryPart = (text: string) => ({ type: "summary_text", text });
/** The summary shown: the thinking's text, when `reasoning.summary` asks for one (a redacted block has none). */
const summaryOf = (block: ThinkingBlock, body: ResponseRequest) => (body.reasoning?.summary && body.reasoning.summary !== "none" && "thinking" in block ? block.thinking : null);
/** A block of the engines' thinking; with `include: ["reasoning.encrypted_content"]`, the block sealed to send back. */
const reasoningItem = (started: Started, block: ThinkingBlock, index: number, body: ResponseRequest, summary = summaryOf(block, body)) => ({
  type: "reasoning",
  id: `${idOf("rs", started)}_${index}`,
  summary: summary === null ? [] : [summaryPart(summary)],
  ...(body.include?.includes("reasoning.encrypted_content") ? { encrypted_content: reasoningCarrier(block) } : {}),
});

/** The output items: each block of thinking, the text as a message (when there is text, or no call), then each call. */
const outputOf = (g: Generation, started: Started, body: ResponseRequest) => {
  const calls = g.tool_calls ?? [];
  return [
    ...(g.thinking ?? []).map((block, i) => reasoningItem(started, block, i, body)),
    ...(g.output || calls.length === 0 ? [messageItem(started, g.output, statusOf(g))] : []),
    ...calls.map((call) => callItem(call, "completed")),
  ];
};

const usageOf = (g: Generation) => ({
  input_tokens: g.usage.input_tokens,
  input_tokens_details: { cached_tokens: g.usage.cached_input_tokens ?? 0 },
  output_tokens: g.usage.output_tokens,
  output_tokens_details: { reasoning_tokens: g.usage.reasoning_tokens ?? 0 },
  total_tokens: g.usage.input_tokens + g.usage.output_tokens,
});

/** The response object; `usage` and `switchyard` once the generation is done. */
function responseOf(started: Started, body: ResponseRequest, status: Status, more: { output?: unknown[]; error?: unknown; g?: Generation } = {}) {
  const { g } = more;
  return {
    id: idOf("resp", started),
    object: "response",
    created_at: Math.floor(started.created.getTime() / 1000),
    status,
    error: more.error ?? null,
    incomplete_details: g ? incompleteDetails(g) : null,
    model: started.product,
    output: more.output ?? [],
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    metadata: body.metadata ?? {},
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: null,
    store: false,
    temperature: body.temperature ?? null,
    text: { format: body.text?.format ?? { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? null,
    truncation: "disabled",
    usage: g ? usageOf(g) : null,
    ...(g ? { switchyard: { credits: g.usage.credits, routing: g.routing } } : {}),
  };
}

/** One stream's events: numbered from 0, reasoning items first, the text item opened on the first piece of text. */
function streamWriter(body: ResponseRequest): EventWriter<ResponseRequest, WireEvent> {
  let sequence = 0;
  let opened: Started | null = null;
  let text: string | null = null;
  let reasoned = 0;
  const event = (type: string, data: object): WireEvent => ({ event: type, data: { type, sequence_number: sequence++, ...data } });
  const textAt = (started: Started) => ({ item_id: idOf("msg", started), output_index: reasoned, content_index: 0 });
  const openText = (started: Started) => {
    text = "";
    return [event("response.output_item.added", { output_index: reasoned, item: messageItem(started, null, "in_progress") }), event("response.content_part.added", { ...textAt(started), part: textPart("") })];
  };
  const closeText = (started: Started, status: Status) => [
    event("response.output_text.done", { ...textAt(started), text, logprobs: [] }),
    event("response.content_part.done", { ...textAt(started), part: textPart(text ?? "") }),
    event("response.output_item.done", { output_index: reasoned, item: messageItem(started, text, status) }),
  ];
  /** One reasoning item whole: added, its summary (when shown) as one part of one delta, done. */
  const reasoningEvents = (block: ThinkingBlock, started: Started) => {
    const output_index = reasoned++;
    const item = reasoningItem(started, block, output_index, body);
    const summary = summaryOf(block, body);
    const at = { item_id: item.id, output_index, summary_index: 0 };
    return [
      event("response.output_item.added", { output_index, item: { ...reasoningItem(started, block, output_index, body, null), encrypted_content: undefined } }),
      ...(summary === null
        ? []
        : [
            event("response.reasoning_summary_part.added", { ...at, part: summaryPart("") }),
            event("response.reasoning_summary_text.delta", { ...at, delta: summary }),
            event("response.reasoning_summary_text.done", { ...at, text: summary }),
            event("response.reasoning_summary_part.done", { ...at, part: summaryPart(summary) }),
          ]),
      event("response.output_item.done", { output_index, item }),
    ];
  };
  const callEvents = (call: Call, output_index: number) => {
    const item_id = callItemId(call);
    const args = JSON.stringify(call.arguments);
    return [
      event("response.output_item.added", { output_index, item: callItem(call, "in_progress") }),
      event("response.function_call_arguments.delta", { item_id, output_index, delta: args }),
      event("response.function_call_arguments.done", { item_id, output_index, name: call.name, arguments: args }),
      event("response.output_item.done", { output_index, item: callItem(call, "completed") }),
    ];
  };
  return {
    door: "responses",
    opening(started) {
      opened = started;
      const response = responseOf(started, body, "in_progress");
      return [event("response.created", { response }), event("response.in_progress", { response })];
    },
    thinking: reasoningEvents,
    delta(piece, started) {
      const first = text === null ? openText(started) : [];
      text += piece;
      return [...first, event("response.output_text.delta", { ...textAt(started), delta: piece, logprobs: [] })];
    },
    closing(g, started) {
      const calls = g.tool_calls ?? [];
      // An answer with neither text nor calls still has its (empty) message, as the JSON answer does.
      const textEvents = text === null && calls.length ? [] : [...(text === null ? openText(started) : []), ...closeText(started, statusOf(g))];
      const first = reasoned + (text === null ? 0 : 1);
      const status = statusOf(g);
      return [
        ...textEvents,
        ...calls.flatMap((call, i) => callEvents(call, first + i)),
        event(status === "completed" ? "response.completed" : "response.incomplete", { response: responseOf(started, body, status, { output: outputOf(g, started, body), g }) }),
      ];
    },
    failure(error, requestId) {
      const envelope = errorBody(error, requestId).error;
      // Refused before it started (no response yet): OpenAI's `error` event.
      if (!opened) return event("error", { code: envelope.code, message: envelope.message, param: envelope.param ?? null });
      const output = text === null ? [] : [messageItem(opened, text, "incomplete")];
      return event("response.failed", { response: responseOf(opened, body, "failed", { output, error: envelope }) });
    },
  };
}

/**
 * Errors in this door's terms: the product is `model`, the response format `text.format`, a tool's
 * parameters `tools.N.parameters`, and the conversation `input` (its turns are not its items one for one).
 */
const inResponsesTerms = (error: unknown) =>
  inTermsOf(error, [
    [/^product$/, "model"],
    [/^response_format(\.json_schema)?/, "text.format"],
    [/^tools\.(\d+)\.function\./, "tools.$1."],
    [/^messages(\..*)?$/, "input"],
  ]);

// Every stream gets a writer of its own: its events are numbered, its items opened as they come.
export const responsesDoor = {
  door: "responses",
  body: responseRequest,
  parse: toGenerationRequest,
  answer: (g, started, body) => responseOf(started, body, statusOf(g), { output: outputOf(g, started, body), g }),
  error: errorBody,
  perStream: streamWriter,
  inOwnTerms: inResponsesTerms,
  vendor: { policy: "responses", outputField: () => "max_output_tokens", ignoredOf: (body: ResponseRequest) => builtInToolsOf(body) },
} satisfies Door<ResponseRequest>;

/**
 * POST /responses/input_tokens: the input tokens a response to this body would be metered for,
 * the body read as the door reads it (unknown fields ignored and named).
 */
export const responsesInputTokens: KeyHandler = async (request, { headers }) => {
  const { body, ignored } = await parseDoorBody(request, responseRequest);
  const input = toGenerationRequest(body);
  Object.assign(headers, vendorNotes(responsesDoor.vendor, body, input, ignored));
  const tokens = await countInputTokens({ ...input, stream: false }).catch((error: unknown) => {
    throw inResponsesTerms(error);
  });
  return Response.json({ object: "response.input_tokens", input_tokens: tokens });
};
