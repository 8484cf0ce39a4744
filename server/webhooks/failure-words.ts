// What went wrong with an attempt on the wire, in our words, for the delivery log. Whatever was
// thrown (an undici error with a string code, a DOMException whose `code` is a number, an abort,
// a bare string, nothing at all) becomes a sentence: this never throws, or the attempt would go
// unrecorded and its delivery be claimed again and again.
import "server-only";

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT", "TimeoutError"]);

/** The string codes and names along an error and its causes, outermost first. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e !== null && typeof e === "object" && depth < 4; depth++) {
    const { code, name, cause } = e as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === "string" && code) codes.push(code);
    if (typeof name === "string" && name && name !== "Error" && name !== "TypeError") codes.push(name);
    e = cause;
  }
  return codes;
}

export function failureWords(error: unknown, timeoutSeconds: number): string {
  const codes = codesOf(error);
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code));
  // An abort is ours: the attempt's time limit (AbortSignal.timeout) is its only abort.
  if (codes.some((code) => TIMEOUT_CODES.has(code)) || has("AbortError")) return `no answer within ${timeoutSeconds} s`;
  if (has("ECONNREFUSED")) return "the connection was refused: nothing listens at that address and port";
  if (has("ENOTFOUND", "EAI_AGAIN")) return "the host name does not resolve";
  if (has("ECONNRESET", "UND_ERR_SOCKET", "EPIPE")) return "the connection was closed before an answer";
  const tls = codes.find((code) => code.startsWith("ERR_TLS") || code.includes("CERT") || code.startsWith("ERR_SSL"));
  if (tls) return `the TLS handshake failed (${tls})`;
  const code = codes[0]?.replace(/[^\w.-]/g, "").slice(0, 60);
  return code ? `the request failed (${code})` : "the request failed";
}
