// The one way a message shows a value the caller sent: in double quotes, JSON-escaped, so that it
// stays one value however it reads as words ("not a domain"), whatever it holds (a quote, a
// backtick, a control character cannot end or hide it), and shows when it is empty (""). A long
// value is cut, with its length said. Backticks stay for the service's own names (fields, values to
// send), which the console drops (components/console/plain-message.ts); quotes it keeps.
// Imports nothing, so the browser may import it too (vocab.test.ts).
export const QUOTED_CHARS = 60;

export function quoted(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  const chars = Array.from(text);
  if (chars.length <= QUOTED_CHARS) return JSON.stringify(text);
  return `${JSON.stringify(`${chars.slice(0, QUOTED_CHARS).join("")}…`)} (${chars.length} characters)`;
}
