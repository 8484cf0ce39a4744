// The request body of an OpenAI-compatible Chat Completions call: the conversation (calls the
// assistant made and the tools' results included), tools, structured output and sampling fields.
import "server-only";
import { withContinuation } from "./request-parts";
import type { ChatMessage, ToolChoice, UpstreamRequest } from "./types";

function wireContent(content: ChatMessage["content"]) {
  if (typeof content === "string") return content;
  // Text-only part lists go as one string: many compatible servers reject part arrays for
  // models without vision.
  if (content.every((p) => p.type === "text")) return content.map((p) => p.text).join("\n");
  return content.map((p) => (p.type === "text" ? { type: "text", text: p.text } : { type: "image_url", image_url: { url: p.url } }));
}

function wireMessage(message: ChatMessage) {
  if (message.role === "tool") return { role: "tool", tool_call_id: message.toolCallId ?? "", content: wireContent(message.content) };
  if (message.role === "assistant" && message.toolCalls?.length) {
    const content = wireContent(message.content);
    return {
      role: "assistant",
      // The API takes null, not "", for an assistant turn that only calls tools.
      content: content === "" ? null : content,
      tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } })),
    };
  }
  return { role: message.role, content: wireContent(message.content) };
}

const wireToolChoice = (choice: ToolChoice) => (typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } });

function toolFields(request: UpstreamRequest) {
  if (!request.tools?.length) return {};
  return {
    tools: request.tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.parameters,
        ...(tool.strict === undefined ? {} : { strict: tool.strict }),
      },
    })),
    ...(request.toolChoice === undefined ? {} : { tool_choice: wireToolChoice(request.toolChoice) }),
    // Refused by the API without tools, so sent only with them.
    ...(request.parallelToolCalls === undefined ? {} : { parallel_tool_calls: request.parallelToolCalls }),
  };
}

function responseFormat(request: UpstreamRequest) {
  const schema = request.responseSchema;
  if (schema) return { response_format: { type: "json_schema", json_schema: { name: schema.name, schema: schema.schema, ...(schema.strict === undefined ? {} : { strict: schema.strict }) } } };
  return request.json ? { response_format: { type: "json_object" } } : {};
}

function samplingFields(request: UpstreamRequest) {
  const sampling = request.sampling ?? {};
  return {
    ...(sampling.topP === undefined ? {} : { top_p: sampling.topP }),
    ...(sampling.presencePenalty === undefined ? {} : { presence_penalty: sampling.presencePenalty }),
    ...(sampling.frequencyPenalty === undefined ? {} : { frequency_penalty: sampling.frequencyPenalty }),
    ...(sampling.logitBias === undefined ? {} : { logit_bias: sampling.logitBias }),
  };
}

export function chatCompletionsBody(request: UpstreamRequest) {
  return {
    model: request.model,
    messages: withContinuation(request).map(wireMessage),
    max_tokens: request.maxOutputTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...samplingFields(request),
    ...(request.stop?.length ? { stop: request.stop } : {}),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...responseFormat(request),
    ...toolFields(request),
    ...(request.promptCache ? { prompt_cache_key: request.promptCache.key } : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}
