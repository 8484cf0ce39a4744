// The sandbox's tool calls and structured answers: deterministic values made from a JSON Schema
// (required properties, the first of an enum, the type's plain example, formats that look right),
// the calls a request makes likely (a `tool_choice` that asks for one, or a last user turn that
// names a tool), and a text answer that uses the tool results of the conversation. A value is
// built within a budget of characters (the answer's bound: max_output_tokens × 16) and of nodes:
// a `minLength`, a `minItems` or a `$ref` back to the root never makes it build more.
import "server-only";
import type { ChatMessage, ToolSpec, UpstreamRequest } from "./types";
import { textOf } from "./request-parts";

type Schema = Record<string, unknown>;

/** What one value may still take: characters of text and subschemas visited. */
type Budget = { chars: number; nodes: number };

/** Subschemas one value visits at most (a schema's own size is bounded by MAX_SCHEMA_NODES). */
const EXAMPLE_NODES = 2_000;
/** Characters of one value when no answer bound is given (a tool's arguments). */
const EXAMPLE_CHARS = 16_384;

const FORMATS: Record<string, string> = {
  "date-time": "2026-01-15T09:30:00Z",
  date: "2026-01-15",
  time: "09:30:00",
  email: "someone@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uuid: "00000000-0000-4000-8000-000000000000",
  duration: "PT1H",
};

/** Follows a local `$ref` (`#/$defs/...`, `#/definitions/...`); anything else is no constraint. */
function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#")) return schema;
  let target: unknown = root;
  for (const key of ref.slice(1).split("/").filter(Boolean)) target = (target as Schema | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")];
  return typeof target === "object" && target !== null ? (target as Schema) : {};
}

function stringFor(schema: Schema, key: string, budget: Budget): string {
  if (typeof schema.format === "string" && FORMATS[schema.format]) return FORMATS[schema.format];
  const min = Math.min(typeof schema.minLength === "number" ? schema.minLength : 0, Math.max(0, budget.chars));
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  const text = key ? `example ${key}` : "example";
  const value = (text.length < min ? text.padEnd(min, "x") : text).slice(0, Math.max(0, max));
  budget.chars -= value.length + 3;
  return value;
}

function numberFor(schema: Schema, integer: boolean): number {
  const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + (integer ? 1 : 0.5) : undefined;
  const max = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - (integer ? 1 : 0.5) : undefined;
  // 1 where the bounds allow it (zod writes the safe-integer range as bounds), else the nearest bound.
  let value = Math.min(Math.max(1, min ?? 1), max ?? Infinity);
  if (integer) value = Math.ceil(value);
  if (typeof schema.multipleOf === "number" && schema.multipleOf > 0) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return value;
}

/**
 * A value valid against `schema` (for the keywords clients use in tool parameters and response
 * schemas), built within `chars` characters: past its budget a value is cut short (and so may
 * not be valid: a real engine's answer is cut at its output limit too).
 */
export function exampleOf(schema: unknown, chars = EXAMPLE_CHARS): unknown {
  return exampleWithin(schema, schema as Schema, "", 0, { chars, nodes: EXAMPLE_NODES });
}

/** JSON sizes of the values schemas give (`const`, `enum`, `default`), measured once each. */
const sizes = new WeakMap<object, number>();

/** A value the schema gives, charged to the budget (null once the budget cannot hold it). */
function given(value: unknown, budget: Budget): unknown {
  let size = typeof value === "string" ? value.length + 2 : 8;
  if (typeof value === "object" && value !== null) {
    size = sizes.get(value) ?? JSON.stringify(value).length;
    sizes.set(value, size);
  }
  if (size > budget.chars) return null;
  budget.chars -= size;
  return value;
}

function exampleWithin(schema: unknown, root: Schema, key: string, depth: number, budget: Budget): unknown {
  if (typeof schema !== "object" || schema === null || depth > 12 || budget.nodes <= 0 || budget.chars <= 0) return null;
  budget.nodes--;
  const s = resolve(schema as Schema, root);
  if ("const" in s) return given(s.const, budget);
  if (Array.isArray(s.enum) && s.enum.length) return given(s.enum[0], budget);
  if (s.default !== undefined) return given(s.default, budget);
  for (const list of ["anyOf", "oneOf"] as const) {
    const options = s[list];
    if (Array.isArray(options) && options.length) {
      // A nullable field (`anyOf: [{...}, {type: "null"}]`) gets its value, not null.
      const pick = options.find((o) => (o as Schema)?.type !== "null") ?? options[0];
      return exampleWithin(pick, root, key, depth + 1, budget);
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length) {
    const parts = s.allOf.map((part) => exampleWithin(part, root, key, depth + 1, budget));
    return parts.every((p) => typeof p === "object" && p !== null && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((t) => t !== "null") ?? types[0] ?? (s.properties ? "object" : s.items ? "array" : undefined);
  switch (type) {
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      return Object.fromEntries(required.map((name) => [name, exampleWithin(properties[name] ?? {}, root, name, depth + 1, budget)]));
    }
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : 1;
      const max = typeof s.maxItems === "number" ? s.maxItems : Infinity;
      // Every item costs at least a comma: no more items than characters left.
      const count = Math.min(Math.max(min, 1), max, budget.chars);
      if (Array.isArray(s.prefixItems)) return s.prefixItems.slice(0, Math.max(count, s.prefixItems.length)).map((item) => exampleWithin(item, root, key, depth + 1, budget));
      const items: unknown[] = [];
      while (items.length < count && budget.chars > 0 && budget.nodes > 0) {
        items.push(exampleWithin(s.items ?? {}, root, key, depth + 1, budget));
        budget.chars--;
      }
      return items;
    }
    case "string":
      return stringFor(s, key, budget);
    case "integer":
      return numberFor(s, true);
    case "number":
      return numberFor(s, false);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return key ? `example ${key}` : {};
  }
}

/** A text that is one tagged block, `<name ...>...</name>`, as a client writes its own notes. */
const NOTE = /^<([a-zA-Z][\w-]{0,63})[\s>]/;
const isNote = (text: string) => {
  const trimmed = text.trim();
  const name = NOTE.exec(trimmed)?.[1];
  return name !== undefined && trimmed.endsWith(`</${name}>`);
};

/**
 * The user's own words in a turn: its text parts less those that are one tagged block
 * (`<system-reminder>...</system-reminder>`, `<environment_context>...`), which coding agents add
 * to user turns and which name every tool they have. (Linear in the text: no pattern scans it.)
 */
export function ownWords(message: ChatMessage): string {
  const parts = typeof message.content === "string" ? [message.content] : message.content.flatMap((p) => (p.type === "text" ? [p.text] : []));
  return parts.filter((text) => !isNote(text)).join("\n").trim();
}

/**
 * The tools this turn calls, or none. Like an engine an agent can use: a tool is called only when
 * the user's own latest words ask for it (name it), and once a tool result came after those words
 * the answer is text, unless the user asks again; so an agent's loop ends.
 */
export function toolsToCall(request: Pick<UpstreamRequest, "messages" | "tools" | "toolChoice" | "parallelToolCalls">): ToolSpec[] {
  const tools = request.tools ?? [];
  const choice = request.toolChoice ?? "auto";
  if (!tools.length || choice === "none" || request.messages.at(-1)?.role === "tool") return [];
  const asked = request.messages.findLastIndex((m) => m.role === "user" && ownWords(m) !== "");
  const answered = request.messages.slice(asked + 1).some((m) => m.role === "tool");
  if (typeof choice === "object") return answered ? [] : tools.filter((t) => t.name === choice.name);
  const said = asked >= 0 && !answered ? ownWords(request.messages[asked]) : "";
  const named = tools.filter((t) => new RegExp(`\\b${t.name}\\b`).test(said));
  const calls = named.length ? named : choice === "required" && !answered ? tools.slice(0, 1) : [];
  return request.parallelToolCalls === false ? calls.slice(0, 1) : calls;
}

/** The arguments of a call of `tool`: made from its parameters' schema. */
export const argumentsFor = (tool: ToolSpec) => JSON.stringify(exampleOf(tool.parameters) ?? {});

/**
 * When the conversation ends with tool results (a user turn after them that has no words of the
 * user's own, only a client's tagged notes, does not count): a text answer that quotes them.
 */
export function toolResultAnswer(messages: ChatMessage[]): string | undefined {
  const results: ChatMessage[] = [];
  let i = messages.length - 1;
  while (i >= 0 && messages[i].role === "user" && ownWords(messages[i]) === "") i--;
  for (; i >= 0 && messages[i].role === "tool"; i--) results.unshift(messages[i]);
  if (!results.length) return undefined;
  const names = new Map(messages.flatMap((m) => m.toolCalls ?? []).map((call) => [call.id, call.name]));
  const quoted = results.map((r) => {
    const text = textOf(r.content).trim().replace(/\s+/g, " ");
    const name = (r.toolCallId && names.get(r.toolCallId)) ?? "the tool";
    return `${name === "the tool" ? name : `The ${name} tool`} returned: ${text.length > 300 ? `${text.slice(0, 300)}...` : text}.`;
  });
  return `${quoted.map((q) => q.charAt(0).toUpperCase() + q.slice(1)).join(" ")} Based on that result, this is the answer to your question.`;
}
