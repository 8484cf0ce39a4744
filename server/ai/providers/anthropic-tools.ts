// Tools in the Anthropic Messages API: `tools` with `input_schema`, `tool_choice` as a typed
// object, and structured output as a forced tool. The API has no JSON-schema answer format, so a
// request with a response schema offers one more tool, the answer tool, whose `input_schema` is
// the schema; the model is made to call it and the adapter streams its input as the answer's text.
import "server-only";
import { UpstreamFailure, type ToolCall, type UpstreamRequest } from "./types";

type ToolChoiceWire = { type: "auto" | "any" | "none" } | { type: "tool"; name: string };
export type ToolFields = {
  tools?: { name: string; description?: string; input_schema: Record<string, unknown> }[];
  tool_choice?: ToolChoiceWire & { disable_parallel_tool_use?: boolean };
};
export type ToolUseBlock = { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

/** The answer tool's name: the schema's name made a valid tool name, unlike any of the request's tools. */
export function answerToolName(request: UpstreamRequest): string | undefined {
  if (!request.responseSchema || !answersInSchema(request)) return undefined;
  const taken = new Set((request.tools ?? []).map((t) => t.name));
  let name = request.responseSchema.name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "answer";
  while (taken.has(name)) name = `answer_${name}`.slice(0, 64);
  return name;
}

/** A schema answer is possible unless the request insists on a call to one of its tools. */
const answersInSchema = (request: UpstreamRequest) =>
  !request.tools?.length || request.toolChoice === undefined || request.toolChoice === "auto" || request.toolChoice === "none";

function choiceOf(request: UpstreamRequest, answerTool: string | undefined): ToolChoiceWire {
  const choice = request.toolChoice ?? "auto";
  if (answerTool) {
    // With tools the model may call (auto), it must call one of them or answer through the answer tool.
    return choice === "auto" && request.tools?.length ? { type: "any" } : { type: "tool", name: answerTool };
  }
  if (choice === "required") return { type: "any" };
  if (typeof choice === "object") return { type: "tool", name: choice.name };
  return { type: choice };
}

export function toolFields(request: UpstreamRequest): ToolFields {
  const answerTool = answerToolName(request);
  const tools: NonNullable<ToolFields["tools"]> = (request.tools ?? []).map((t) => ({
    name: t.name,
    ...(t.description === undefined ? {} : { description: t.description }),
    input_schema: t.parameters,
  }));
  if (answerTool && request.responseSchema) tools.push({ name: answerTool, description: "Give your answer as this tool's input.", input_schema: request.responseSchema.schema });
  if (!tools.length) return {};
  const choice = choiceOf(request, answerTool);
  // Kept with `none` too: a conversation holding tool_use blocks must still declare its tools.
  const single = request.parallelToolCalls === false && choice.type !== "none";
  return { tools, tool_choice: single ? { ...choice, disable_parallel_tool_use: true } : choice };
}

/** An earlier call as a tool_use block: the API takes its input as an object, not JSON text. */
export function toolUseBlock(call: ToolCall): ToolUseBlock {
  let input: unknown = {};
  if (call.arguments.trim()) {
    try {
      input = JSON.parse(call.arguments);
    } catch {
      input = undefined;
    }
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new UpstreamFailure("rejected", "a tool call in the conversation has arguments that are not a JSON object");
  return { type: "tool_use", id: call.id, name: call.name, input: input as Record<string, unknown> };
}
