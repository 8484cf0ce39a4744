// Token counts with a real tokenizer (o200k_base, pure JavaScript): for input limits, worst-case
// reservations, and billing when a family reports no usage. Byte-pair encoding costs about the
// square of a whitespace-free run's length (60,000 `a` took seconds), so text is tokenized in
// pieces of at most PIECE characters: linear in the text, and the same count for ordinary text.
import "server-only";
import { countTokens as count } from "gpt-tokenizer/encoding/o200k_base";
import type { ChatMessage, ResponseSchema, ToolSpec } from "./providers/types";

/** Per-message framing overhead, as chat formats add role markers around each message. */
const PER_MESSAGE = 4;
/** What one image counts for, whatever its size (a flat, documented estimate). */
export const IMAGE_TOKENS = 1_000;
/** The longest piece tokenized at once. */
const PIECE = 256;
/** How far back from PIECE a cut looks for white space (longer words are cut inside). */
const WORD = 32;
/**
 * More characters per token than any real input averages (English about 4, code about 3, a run of
 * one letter 8): text longer than this many characters per allowed token is over the limit
 * without counting a single token.
 */
export const MAX_CHARS_PER_TOKEN = 16;
/** Counting yields to other requests after this much work (ms), so a long count never holds the server. */
const SLICE_MS = 8;

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/**
 * The text in pieces of at most PIECE characters, cut just before a white-space character among
 * the last WORD of the piece where there is one (so words stay whole), else at PIECE, never
 * between the halves of a surrogate pair.
 */
export function* pieces(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > PIECE) {
    let cut = start + PIECE;
    while (cut > start + PIECE - WORD && !isSpace(text.charCodeAt(cut))) cut--;
    if (cut === start + PIECE - WORD) {
      cut = start + PIECE;
      const before = text.charCodeAt(cut - 1);
      if (before >= 0xd800 && before <= 0xdbff) cut--;
    }
    yield text.slice(start, cut);
    start = cut;
  }
  if (start < text.length) yield text.slice(start);
}

/**
 * The tokens of one piece, remembered for the rest of one count: a run of one character is the
 * same piece thousands of times over.
 */
function pieceCounter(): (piece: string) => number {
  const seen = new Map<string, number>();
  return (piece) => {
    let tokens = seen.get(piece);
    if (tokens === undefined) {
      tokens = count(piece);
      if (seen.size < 1_000) seen.set(piece, tokens);
    }
    return tokens;
  };
}

export function countTokens(text: string): number {
  const countPiece = pieceCounter();
  let total = 0;
  for (const piece of pieces(text)) total += countPiece(piece);
  return total;
}

/** A message's parts; the calls an assistant turn made count as their names and arguments (text). */
const partsOf = (message: ChatMessage) => {
  const parts = typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
  if (!message.toolCalls?.length) return parts;
  return [...parts, ...message.toolCalls.map((call) => ({ type: "text" as const, text: `${call.name} ${call.arguments}` }))];
};

/**
 * The input as counted: the messages, plus the tool definitions and the response schema as one
 * more system turn of JSON (engines read them as input too, and they are billed as input).
 */
export function inputWithTools(messages: ChatMessage[], tools?: ToolSpec[], schema?: ResponseSchema): ChatMessage[] {
  if (!tools?.length && !schema) return messages;
  return [...messages, { role: "system", content: JSON.stringify({ ...(tools?.length ? { tools } : {}), ...(schema ? { schema } : {}) }) }];
}

export function countMessageTokens(messages: ChatMessage[]): number {
  let total = 0;
  for (const message of messages) {
    total += PER_MESSAGE;
    for (const part of partsOf(message)) total += part.type === "text" ? countTokens(part.text) : IMAGE_TOKENS;
  }
  return total;
}

/** The characters of the input's text (free to compute: no tokenizing). */
export const textCharacters = (messages: ChatMessage[]) =>
  messages.reduce((sum, message) => sum + partsOf(message).reduce((n, part) => n + (part.type === "text" ? part.text.length : 0), 0), 0);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The input's tokens, or null as soon as they pass `limit`: at once when the text is longer than
 * MAX_CHARS_PER_TOKEN × `limit` characters, else piece by piece, stopping at the limit and
 * letting other requests run every SLICE_MS (a 1 MiB prompt never freezes the server).
 */
export async function countMessageTokensWithin(messages: ChatMessage[], limit: number): Promise<number | null> {
  if (textCharacters(messages) > MAX_CHARS_PER_TOKEN * limit) return null;
  const countPiece = pieceCounter();
  let total = 0;
  let sliceStart = performance.now();
  for (const message of messages) {
    total += PER_MESSAGE;
    for (const part of partsOf(message)) {
      if (part.type !== "text") total += IMAGE_TOKENS;
      else {
        for (const piece of pieces(part.text)) {
          total += countPiece(piece);
          if (total > limit) return null;
          if (performance.now() - sliceStart > SLICE_MS) {
            await nextTurn();
            sliceStart = performance.now();
          }
        }
      }
      if (total > limit) return null;
    }
  }
  return total > limit ? null : total;
}
