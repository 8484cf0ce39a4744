// A few lines of HTML templating for the reference page: escaped text, and `backticks` as code.
export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Text where `backticks` mark code, as HTML without a wrapping tag. */
export const inline = (text: string) =>
  text
    .split(/(`[^`]+`)/)
    .map((part) => (part.length > 1 && part.startsWith("`") && part.endsWith("`") ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part)))
    .join("");

/** Text of the OpenAPI document, where `backticks` mark code. */
export function prose(text: string | undefined, tag = "p", className?: string): string {
  if (!text) return "";
  const inner = inline(text);
  return `<${tag}${className ? ` class="${className}"` : ""}>${inner}</${tag}>`;
}

export const anchor = (name: string) => name.replace(/\W+/g, "-").toLowerCase();
