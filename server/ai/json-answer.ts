// OpenAI's `response_format: {type: "json_object"}`: the answer must be one JSON object. Engines with
// a JSON mode are asked for it, the others are told in a system line; either way the finished answer
// is checked here, and one that does not parse fails its attempt (the next engine is asked).
import "server-only";

/** Told to engines that take no `response_format`, as the last system instruction. */
export const JSON_INSTRUCTION = "Answer with one valid JSON object and nothing else: no prose, no code fences.";

/** True when the whole text (white space around it aside) is one JSON object. */
export function isJsonObject(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
