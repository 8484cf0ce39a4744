// Every bound on the work one AI request can ask of the server, in one place. The server is one
// event loop shared by every workspace: whatever a caller controls (how much text, how many turns,
// tools and patterns, how big a schema, how long an answer the sandbox builds) is bounded here
// before any work on it starts, and each refusal names its field and its limit. The README's
// "Limits" table lists each one (input-limits.test.ts keeps the two in step).
import "server-only";

/** Turns of `messages` (and items of the Responses door's `input`). */
export const MAX_MESSAGES = 1_000;
/** Parts (text, images, tool results) of one turn's content. */
export const MAX_CONTENT_PARTS = 100;
/** Tools of one request. */
export const MAX_TOOLS = 64;
/**
 * Bytes of all the request's tool definitions together (names, descriptions and parameters, as
 * JSON): what every engine is sent and what the sandbox walks. It is also the one bound on a
 * description: coding agents describe a tool in several thousand characters.
 */
export const MAX_TOOLS_BYTES = 256 * 1024;
/** Stop sequences of one request (`stop`, `stop_sequences`). */
export const MAX_STOP_SEQUENCES = 4;
/** Characters of one stop sequence (each delta is matched against every one). */
export const MAX_STOP_SEQUENCE_CHARS = 256;
/**
 * Bytes of the schemas a request has checked (a `json_schema` response format and every strict
 * tool's parameters, together, as JSON): each is compiled before the answer can be checked.
 */
export const MAX_SCHEMA_BYTES = 64 * 1024;
/** Subschemas (JSON objects) in those schemas together; compiling costs about this many steps. */
export const MAX_SCHEMA_NODES = 1_000;
/** Characters of one `pattern` (or `patternProperties` name); every pattern runs on a linear-time engine (RE2 syntax). */
export const MAX_PATTERN_CHARS = 1_000;
/**
 * How long one schema may take to compile, or one answer to check against it, on the schema
 * engine's own thread (never the event loop); past it the schema is refused (or the answer fails
 * its check). Compiling 1,000 subschemas took 0.5 s on an idle machine here and over 2 s loaded.
 */
export const SCHEMA_WORK_TIMEOUT_MS = 5_000;
/** Characters of one topic word the sandbox engine takes from a prompt and writes into its answer. */
export const SANDBOX_TOPIC_WORD_CHARS = 40;
/**
 * The longest answer the sandbox engine builds, in characters per token of `max_output_tokens`
 * (more than any real text averages): a schema's `minLength` or `minItems` never makes it build more.
 */
export const SANDBOX_CHARS_PER_TOKEN = 16;
