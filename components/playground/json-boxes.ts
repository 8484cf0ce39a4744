// The playground's JSON boxes (tools, a response schema): read as the request's fields, or a
// message saying what is wrong with them, shown next to the box. A box that is wrong sends nothing.
import { describeJsonFault, jsonFault } from "@/server/wire/json-fault";

export type BoxReading<T> = { value?: T; error?: string };

/** A small tool to start from, in the native shape. */
export const SAMPLE_TOOLS = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "The weather now in a city.",
      parameters: { type: "object", properties: { city: { type: "string", description: "The city, e.g. Oslo." } }, required: ["city"], additionalProperties: false },
    },
  },
];

export const SCHEMA_PLACEHOLDER = '{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}';

function parse(text: string, what: string): BoxReading<unknown> {
  try {
    return { value: JSON.parse(text) };
  } catch {
    const fault = jsonFault(text);
    return { error: `${what} not valid JSON${fault ? `: ${describeJsonFault(fault)}` : ""}.` };
  }
}

/** The Tools box: empty (no tools) or a JSON array of tool definitions. */
export function readTools(text: string): BoxReading<unknown[]> {
  if (!text.trim()) return {};
  const read = parse(text, "Tools are");
  if (read.error) return { error: read.error };
  if (!Array.isArray(read.value)) return { error: 'Tools must be a JSON array of tool definitions: [{"type": "function", "function": {"name": ...}}].' };
  return read.value.length ? { value: read.value } : {};
}

/** The JSON schema box: a JSON Schema object, needed when the answer must follow one. */
export function readSchema(text: string): BoxReading<Record<string, unknown>> {
  if (!text.trim()) return { error: "Write the JSON schema the answer must be valid against." };
  const read = parse(text, "The JSON schema is");
  if (read.error) return { error: read.error };
  if (typeof read.value !== "object" || read.value === null || Array.isArray(read.value)) return { error: 'The JSON schema must be a JSON object, e.g. {"type": "object", ...}.' };
  return { value: read.value as Record<string, unknown> };
}
