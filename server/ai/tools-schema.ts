// Tool calling and structured output in the request (/docs, tools): the tool definitions,
// `tool_choice` and `response_format`, one shape for both doors (the OpenAI door's fields are
// OpenAI's, and the native API took the same ones).
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { z } from "zod";
import { MAX_STOP_SEQUENCE_CHARS, MAX_STOP_SEQUENCES, MAX_TOOLS, MAX_TOOLS_BYTES } from "./input-limits";

export { MAX_TOOLS };

/** A tool's (or a response format's) description: bounded by all the tools together (MAX_TOOLS_BYTES), not one by one. */
export const toolDescription = z.string().max(MAX_TOOLS_BYTES);

/** The stop sequences of every door: at most MAX_STOP_SEQUENCES, each at most MAX_STOP_SEQUENCE_CHARS. */
export const stopSequences = z.array(z.string().min(1).max(MAX_STOP_SEQUENCE_CHARS)).max(MAX_STOP_SEQUENCES);
export const stopSequence = z.string().min(1).max(MAX_STOP_SEQUENCE_CHARS);

export const toolName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "1 to 64 characters of a-z, A-Z, 0-9, _ and -");

/** A JSON Schema, as an object (checked when it is used: tools.ts compiles it). */
export const jsonSchema = z.record(z.string(), z.unknown());

export const toolDefinition = z.strictObject({
  type: z.literal("function"),
  function: z.strictObject({
    name: toolName,
    description: toolDescription.optional(),
    parameters: jsonSchema.optional().meta({ description: "A JSON Schema object for the arguments; none means no arguments." }),
    strict: z.boolean().nullable().optional().meta({ description: "When true, a call's arguments are checked against `parameters` before it is delivered." }),
  }),
});

/** Refines a list of tools: each name once (`nameOf` says where a tool's name is; none for a tool without one). */
export const uniqueToolNames =
  <T>(nameOf: (tool: T) => { name: string; path: PropertyKey[] } | undefined) =>
  (tools: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const [i, tool] of tools.entries()) {
      const named = nameOf(tool);
      if (!named) continue;
      if (seen.has(named.name)) ctx.addIssue({ code: "custom", path: [i, ...named.path], message: `must be unique: ${quoted(named.name)} is defined twice` });
      seen.add(named.name);
    }
  };

export const toolList = z
  .array(toolDefinition)
  .max(MAX_TOOLS)
  .superRefine(uniqueToolNames((tool) => ({ name: tool.function.name, path: ["function", "name"] })))
  .meta({ description: `Up to ${MAX_TOOLS} functions the engine may call; names 1 to 64 characters of a-z, A-Z, 0-9, _ and -, unique.` });

export const toolChoice = z
  .union([z.enum(["auto", "none", "required"]), z.strictObject({ type: z.literal("function"), function: z.strictObject({ name: toolName }) })])
  .meta({ description: "`auto` (default with tools), `none`, `required` (at least one call), or one named function." });

export const jsonSchemaFormat = z.strictObject({
  type: z.literal("json_schema"),
  json_schema: z.strictObject({
    name: toolName,
    description: toolDescription.optional(),
    schema: jsonSchema.optional().meta({ description: "The JSON Schema the answer must be valid against." }),
    strict: z.boolean().nullable().optional(),
  }),
});

export const responseFormat = z
  .discriminatedUnion("type", [z.strictObject({ type: z.literal("text") }), z.strictObject({ type: z.literal("json_object") }), jsonSchemaFormat])
  .meta({
    description:
      "`json_object`: the answer is one JSON object. `json_schema`: the answer is JSON valid against the schema. Either way the answer is " +
      "checked before any of it is sent (a stream sends it in one piece at the end); an engine whose answer fails is never billed and the next one is asked.",
  });

/** Which fields go with which role, on both doors (`tool_calls` and `tool_call_id` as each door spells them). */
export function checkTurn(
  turn: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string },
  ctx: { addIssue(issue: { code: "custom"; path: PropertyKey[]; message: string }): void },
): void {
  const calls = turn.role === "assistant" && (turn.tool_calls?.length ?? 0) > 0;
  if (turn.content == null && !calls) ctx.addIssue({ code: "custom", path: ["content"], message: "is required (it may be left out only on an assistant turn with `tool_calls`)" });
  if (turn.tool_calls && turn.role !== "assistant") ctx.addIssue({ code: "custom", path: ["tool_calls"], message: "goes on assistant turns only" });
  if (turn.role === "tool" && !turn.tool_call_id) ctx.addIssue({ code: "custom", path: ["tool_call_id"], message: "is required on a tool turn: the `id` of the call this answers" });
  if (turn.tool_call_id && turn.role !== "tool") ctx.addIssue({ code: "custom", path: ["tool_call_id"], message: "goes on tool turns only" });
}

export const toolCallId = z.string().min(1).max(128);

export type ToolDefinition = z.infer<typeof toolDefinition>;
export type ToolChoiceField = z.infer<typeof toolChoice>;
export type ResponseFormat = z.infer<typeof responseFormat>;
