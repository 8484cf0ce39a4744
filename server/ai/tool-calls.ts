// Tool calls between the engines and the client (/docs, tools). A request's tools become rules
// (strict schemas bounded at once, compiled once the request's funds are checked); an attempt's `tool_call` fragments are assembled per index; at
// the attempt's end every call must be whole — a name among the request's tools, arguments that
// parse as one JSON object, valid against `parameters` when the tool is strict, and what
// `tool_choice` / `parallel_tool_calls` allow — or the attempt fails (bad_tool_call) and the turn
// goes to the next engine: nothing of a broken call ever reaches the client. Delivered calls get
// ids of our own (`call_...`): an engine's ids can tell which vendor made them.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { AppError } from "../errors";
import { newId } from "../ids";
import { compileSchema, type SchemaCheck } from "./json-schema";
import { boundTools } from "./schema-bounds";
import { UpstreamFailure, type ToolCall, type ToolChoice, type ToolSpec, type UpstreamEvent } from "./providers/types";
import type { GenerationRequest } from "./schema";

export type ToolRules = {
  tools: ToolSpec[];
  choice: ToolChoice;
  parallel: boolean;
  /** The compiled `parameters` of strict tools, by name (compileStrictTools fills it). */
  strict: Map<string, SchemaCheck>;
};

/** Where each strict tool's parameters are, for the bounds and the compile. */
export const strictSchemas = (rules: ToolRules | undefined) =>
  (rules?.tools ?? []).flatMap((tool, i) => (tool.strict ? [{ name: tool.name, param: `tools.${i}.function.parameters`, schema: tool.parameters }] : []));

/** Compiles the strict tools' parameters (off the event loop): a bad one is a 400 naming it. */
export async function compileStrictTools(rules: ToolRules | undefined): Promise<void> {
  for (const { name, param, schema } of strictSchemas(rules)) rules!.strict.set(name, await compileSchema(schema as Record<string, unknown>, param));
}

/** A tool without `parameters` takes none: an empty object. */
export const NO_PARAMETERS = { type: "object", properties: {} };

/** The request's tools as rules, or undefined without tools. Refuses a `tool_choice` the tools cannot meet. */
export function toolRules(request: Pick<GenerationRequest, "tools" | "tool_choice" | "parallel_tool_calls">): ToolRules | undefined {
  const choice = request.tool_choice;
  const tools = request.tools ?? [];
  if (tools.length === 0) {
    if (choice !== undefined && choice !== "none" && choice !== "auto") {
      throw new AppError("invalid_body", "`tool_choice` asks for a call but `tools` is empty: send the tools, or leave `tool_choice` out.", { param: "tool_choice" });
    }
    return undefined;
  }
  if (typeof choice === "object" && !tools.some((t) => t.function.name === choice.function.name)) {
    throw new AppError("invalid_body", `\`tool_choice\` names ${quoted(choice.function.name)}, which is not among \`tools\`.`, { param: "tool_choice" });
  }
  boundTools(tools);
  const specs = tools.map(({ function: f }): ToolSpec => {
    const parameters = f.parameters ?? NO_PARAMETERS;
    return { name: f.name, ...(f.description ? { description: f.description } : {}), parameters, ...(f.strict ? { strict: true } : {}) };
  });
  return {
    tools: specs,
    choice: typeof choice === "object" ? { name: choice.function.name } : (choice ?? "auto"),
    parallel: request.parallel_tool_calls ?? true,
    strict: new Map(),
  };
}

/** A call as its fragments arrived (any part may be missing until the attempt ends). */
export type CallParts = { id?: string; name?: string; arguments: string };

/** Adds one fragment to the call of its index. */
export function addFragment(parts: CallParts[], event: Extract<UpstreamEvent, { type: "tool_call" }>): void {
  const call = (parts[event.index] ??= { arguments: "" });
  if (event.id && !call.id) call.id = event.id;
  if (event.name && !call.name) call.name = event.name;
  call.arguments += event.arguments;
}

const broken = (detail: string) => new UpstreamFailure("bad_tool_call", detail);

/** The arguments as one JSON object, or undefined. An empty text is an empty object (a call without arguments). */
function argumentsOf(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The attempt's calls, whole and checked, with our ids; throws bad_tool_call for anything else. */
export async function checkedCalls(parts: CallParts[], rules: ToolRules | undefined): Promise<ToolCall[]> {
  const calls: ToolCall[] = [];
  // A sparse array's holes are calls whose fragments never came.
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index];
    if (!part?.name) throw broken(`call ${index} has no name`);
    const tool = rules?.tools.find((t) => t.name === part.name);
    if (!tool) throw broken(`call ${index} names a tool the request does not have`);
    const args = argumentsOf(part.arguments);
    if (!args) throw broken(`call ${index} has arguments that are not one JSON object`);
    const check = rules?.strict.get(tool.name);
    // A strict tool whose schema was never compiled is a bug of ours, never an unchecked call.
    if (tool.strict && !check) throw new Error(`strict tool ${tool.name} was not compiled`);
    const problem = await check?.(args);
    if (problem) throw broken(`call ${index} breaks its tool's schema: ${problem}`);
    calls.push({ id: newId("call"), name: tool.name, arguments: JSON.stringify(args) });
  }
  if (!rules) return calls;
  const { choice } = rules;
  if (choice === "none" && calls.length) throw broken("calls made though tool_choice is none");
  if ((choice === "required" || typeof choice === "object") && calls.length === 0) throw broken("no call though tool_choice asks for one");
  if (typeof choice === "object" && calls.some((c) => c.name !== choice.name)) throw broken("a call of another tool than tool_choice names");
  if (!rules.parallel && calls.length > 1) throw broken("several calls though parallel_tool_calls is false");
  return calls;
}
