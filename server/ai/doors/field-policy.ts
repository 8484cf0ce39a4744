// What each vendor door does with each field of its vendor's request (/docs, AI API: "Field
// policy"), one row per field of the current official request types (OpenAI Chat Completions and
// Responses, Anthropic Messages with the betas its clients send). A door never refuses a field its
// vendor defines as unknown: it is honoured, passed to engines of that wire format, mapped onto the
// native request, or ignored and named in `x-switchyard-ignored-params`; a refusal stays only where
// honouring is impossible and ignoring would change what the answer means. A field that is not in
// the table at all is ignored and named the same way (door-body.ts); the native API stays strict.
// Plain data without server imports: /docs renders it (components/docs/guides.ts).

export type FieldPolicy = "honoured" | "passed" | "mapped" | "ignored" | "refused";
export type PolicyDoor = "anthropic" | "chat" | "responses";
export type PolicyRow = { field: string; policy: FieldPolicy; note: string };

export const POLICY_WORDS: Record<FieldPolicy, string> = {
  honoured: "done here, whichever engine answers",
  passed: "passed on to engines of this wire format; the others go without",
  mapped: "turned into the native request's own field",
  ignored: "accepted, not used, named in `x-switchyard-ignored-params`",
  refused: "refused by name: honouring is impossible and ignoring would change the answer's meaning",
};

const row = (field: string, policy: FieldPolicy, note: string): PolicyRow => ({ field, policy, note });

const ANTHROPIC: PolicyRow[] = [
  row("model", "mapped", "A product id or `switchyard/<product>`; anything else is 404 `not_found_error`."),
  row("max_tokens", "mapped", "The output limit; above the product's limit it is clamped to it and said in `x-switchyard-clamped-params`."),
  row("messages", "mapped", "Text, image, `tool_use` and `tool_result` blocks become native turns; a `role: \"system\"` turn is a system turn; `thinking` blocks of an assistant turn go back to the engine that wrote them when it answers, and are left out otherwise."),
  row("messages.*.content.*.cache_control", "passed", "Cache breakpoints, passed to Anthropic-format engines; the conversation goes first to the engine holding its cache."),
  row("system", "mapped", "A system turn before the conversation; `cache_control` on its blocks is passed like the messages'."),
  row("stream", "honoured", "Anthropic's stream events, `message_start` to `message_stop`."),
  row("stop_sequences", "honoured", "Up to 4; a match ends the answer with `stop_reason: \"stop_sequence\"` and `stop_sequence` set."),
  row("temperature", "passed", "Passed on to every engine."),
  row("top_p", "passed", "Passed on to engines that take it."),
  row("top_k", "ignored", "Engines differ in how they would take it."),
  row("tools", "mapped", "Client tools as native functions; descriptions up to the request's tools-size bound (256 KiB)."),
  row("tools.*.cache_control", "passed", "Passed to Anthropic-format engines."),
  row("tools.*.strict", "honoured", "A call's input is checked against `input_schema` before it is delivered."),
  row("tools.*.defer_loading", "ignored", "Every tool is offered to the engine."),
  row("tools.*.eager_input_streaming", "ignored", "A call's input is always sent whole, once checked."),
  row("tools.*.input_examples", "ignored", "Not offered to engines."),
  row("tools.*.allowed_callers", "ignored", "No code runs tools here."),
  row("tool_choice", "mapped", "`auto`, `any`, `tool`, `none`; `disable_parallel_tool_use` as `parallel_tool_calls: false`."),
  row("metadata", "honoured", "`user_id` and string pairs, stored with usage."),
  row("thinking", "passed", "`enabled` (with its `budget_tokens`) and `adaptive` go to Anthropic-format engines, which think first: the answer starts with their `thinking` blocks, signed so that only the engine that wrote them takes them back. Others answer without thinking; `disabled`: none."),
  row("output_config.format", "mapped", "`json_schema` as the native response format: the answer is checked against it, as on the OpenAI door."),
  row("output_config.effort", "ignored", "Routing chooses the engines."),
  row("output_format", "mapped", "The older form of `output_config.format`."),
  row("context_management", "ignored", "The whole conversation is sent to the engine as it came."),
  row("service_tier", "ignored", "Every request is routed the same way."),
  row("container", "ignored", "No code runs here."),
  row("mcp_servers", "ignored", "No MCP servers are called from here."),
  row("thread", "ignored", "No state is kept: each request carries the whole conversation."),
];

const CHAT: PolicyRow[] = [
  row("model", "mapped", "A product id or `switchyard/<product>`."),
  row("messages", "mapped", "`developer` is a system turn; calls' `arguments` must be JSON objects."),
  row("stream", "honoured", "`chat.completion.chunk` events, ended by `data: [DONE]`."),
  row("stream_options", "honoured", "`include_usage`: a last chunk with the usage."),
  row("max_tokens", "mapped", "The output limit (clamped to the product's, said in `x-switchyard-clamped-params`)."),
  row("max_completion_tokens", "mapped", "Wins over `max_tokens`; clamped the same way."),
  row("temperature", "passed", "Passed on to every engine."),
  row("top_p", "passed", "Passed on to engines that take it."),
  row("presence_penalty", "passed", "Passed on to engines that take it."),
  row("frequency_penalty", "passed", "Passed on to engines that take it."),
  row("logit_bias", "passed", "Passed on to engines that take it (token ids differ between engines)."),
  row("seed", "passed", "Passed on to engines that take a seed."),
  row("stop", "honoured", "Up to 4; enforced on the delivered text whichever engine answers."),
  row("response_format", "honoured", "`json_object` and `json_schema`: the answer is checked before it is sent."),
  row("tools", "honoured", "Function tools; descriptions up to the request's tools-size bound (256 KiB)."),
  row("tool_choice", "honoured", "`auto`, `none`, `required` or one function."),
  row("parallel_tool_calls", "honoured", "False: at most one call."),
  row("metadata", "honoured", "Stored with usage."),
  row("user", "ignored", "Not passed on to engines."),
  row("safety_identifier", "ignored", "Not passed on to engines."),
  row("prompt_cache_key", "passed", "Passed to OpenAI-format engines, which keep a cache per key; requests with the same key go first to the engine holding that cache."),
  row("prompt_cache_retention", "ignored", "Engines keep their caches as they do."),
  row("service_tier", "ignored", "Every request is routed the same way."),
  row("reasoning_effort", "ignored", "Routing chooses the engines."),
  row("verbosity", "ignored", "Engines answer at their own length."),
  row("prediction", "ignored", "A latency hint only."),
  row("web_search_options", "ignored", "No engine here searches the web."),
  row("modalities", "refused", "Only `[\"text\"]`: an audio answer cannot be given."),
  row("audio", "refused", "An audio answer cannot be given."),
  row("n", "refused", "Only 1: an answer has one choice."),
  row("logprobs", "refused", "Only false: answers carry no token probabilities."),
  row("top_logprobs", "refused", "Only 0."),
  row("store", "refused", "Only false: answers are not stored."),
  row("functions", "refused", "Only empty: the deprecated form of `tools`."),
  row("function_call", "refused", "Only `none`: the deprecated form of `tool_choice`."),
];

const RESPONSES: PolicyRow[] = [
  row("model", "mapped", "A product id or `switchyard/<product>`."),
  row("input", "mapped", "Messages, `function_call` and `function_call_output` items; a `reasoning` item's `encrypted_content` goes back to the engine that wrote it when it answers, and is left out otherwise (as are reasoning items without it)."),
  row("instructions", "mapped", "A system turn before `input`."),
  row("stream", "honoured", "Named events, each with a `sequence_number`."),
  row("stream_options", "honoured", "Events are never padded."),
  row("max_output_tokens", "mapped", "The output limit (clamped to the product's, said in `x-switchyard-clamped-params`)."),
  row("temperature", "passed", "Passed on to every engine."),
  row("top_p", "passed", "Passed on to engines that take it."),
  row("tools", "mapped", "`function` tools; a `namespace` tool's functions are offered flattened; tools OpenAI runs itself (`web_search`, ...) are not offered and named in `x-switchyard-ignored-params`."),
  row("tool_choice", "honoured", "`auto`, `none`, `required` or one function."),
  row("parallel_tool_calls", "honoured", "False: at most one call."),
  row("text.format", "honoured", "`json_object` and `json_schema`: the answer is checked before it is sent."),
  row("text.verbosity", "ignored", "Engines answer at their own length."),
  row("metadata", "honoured", "Echoed back and stored with usage."),
  row("user", "ignored", "Not passed on to engines."),
  row("safety_identifier", "ignored", "Not passed on to engines."),
  row("prompt_cache_key", "passed", "Passed to OpenAI-format engines, which keep a cache per key; requests with the same key go first to the engine holding that cache."),
  row("prompt_cache_retention", "ignored", "Engines keep their caches as they do."),
  row("service_tier", "ignored", "Every request is routed the same way."),
  row("reasoning", "passed", "Anthropic-format engines think first, on a budget from `effort` (`none`: no thinking); the answer starts with a `reasoning` item per block, its `summary` the thinking's text when `summary` is set. Others answer without thinking."),
  row("include", "honoured", "`reasoning.encrypted_content`: each reasoning item carries the block sealed (never stored; send the item back in `input`); other values add nothing."),
  row("max_tool_calls", "ignored", "An answer makes the calls it makes."),
  row("client_metadata", "ignored", "Not passed on to engines."),
  row("top_logprobs", "refused", "Only 0: answers carry no token probabilities."),
  row("truncation", "refused", "Only `disabled`: an input over the product's limit is refused, never cut."),
  row("store", "refused", "Only false: nothing is stored."),
  row("previous_response_id", "refused", "Nothing is stored: send the whole conversation in `input`."),
  row("background", "refused", "Only false: nothing is stored to poll."),
  row("conversation", "refused", "No conversations are stored."),
  row("prompt", "refused", "No prompt templates are stored."),
];

export const FIELD_POLICY: Record<PolicyDoor, PolicyRow[]> = { anthropic: ANTHROPIC, chat: CHAT, responses: RESPONSES };

const valueAt = (body: unknown, field: string): unknown =>
  field.split(".").reduce<unknown>((at, key) => (typeof at === "object" && at !== null && key !== "*" ? (at as Record<string, unknown>)[key] : undefined), body);

/**
 * The fields of a door's table that are ignored, as the body carries them (a schema may still
 * check an ignored field's form: `include`). Rows under a list (`tools.*.`) are named
 * by the door-body pass that takes them out.
 */
export function ignoredIn(door: PolicyDoor, body: unknown): string[] {
  const sent = (value: unknown) => value != null && !(Array.isArray(value) && value.length === 0);
  return FIELD_POLICY[door].filter((r) => r.policy === "ignored" && !r.field.includes("*") && sent(valueAt(body, r.field))).map((r) => r.field);
}
