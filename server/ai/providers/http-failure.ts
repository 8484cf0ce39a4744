// Turns what a family's HTTP API says when it fails (status, error body, transport error) into an
// UpstreamFailure, the same way for every wire protocol. The failure's detail keeps a status and a
// short error code only: raw bodies may echo prompt text and never belong in a log line.
import "server-only";
import type { Readable } from "node:stream";
import { Agent, request, type Dispatcher } from "undici";
import { rethrowIfAborted } from "./request-parts";
import { UpstreamFailure, type FailureKind } from "./types";

/** Longest error body read: enough for any error object, bounded against a runaway upstream. */
const MAX_ERROR_BODY = 64 * 1024;

const PREFILL = /prefill|final assistant message|must end with a user message/i;
const CONTEXT = /context[_ ]length|maximum context|context (size|window)|too long|too many (input )?tokens|exceed_context/i;
const POLICY = /content[_ ]policy|content[_ ]filter|safety/i;

type ErrorInfo = { code?: string; text: string };

/** Reads the error fields out of an OpenAI-style, Anthropic-style or plain-string error body. */
export function errorInfo(body: string): ErrorInfo {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; type?: unknown };
    const error = parsed.error;
    if (typeof error === "string") return { text: error };
    const fields = (error && typeof error === "object" ? error : parsed) as { code?: unknown; type?: unknown; message?: unknown };
    const code = typeof fields.code === "string" ? fields.code : typeof fields.type === "string" ? fields.type : undefined;
    const message = typeof fields.message === "string" ? fields.message : "";
    return { code, text: `${code ?? ""} ${typeof fields.type === "string" ? fields.type : ""} ${message}` };
  } catch {
    return { text: body };
  }
}

/** Which refusal a 4xx (or an in-stream error) describes, if it is one we route on. */
export function classifyRefusal(text: string): FailureKind | undefined {
  if (PREFILL.test(text)) return "prefill_refused";
  if (CONTEXT.test(text)) return "context_length";
  if (POLICY.test(text)) return "content_policy";
  return undefined;
}

/** A code fit for a log line: short and plain, or nothing. */
export function shortCode(code: string | undefined): string {
  return code && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? ` ${code}` : "";
}

export function kindForStatus(status: number, text: string): FailureKind {
  if (status === 429) return "rate_limited";
  // 408 is the server giving up on us: as transient as a 5xx.
  if (status >= 500 || status === 408) return "server_error";
  if (status === 413) return "context_length";
  return classifyRefusal(text) ?? "rejected";
}

/** Header lookup, as `Headers` and the answers of the upstream client both offer it. */
export type HeaderLookup = { get(name: string): string | null };

/** Milliseconds from `retry-after-ms`, or `Retry-After` as seconds or an HTTP date. */
export function retryAfterMs(headers: HeaderLookup, now = Date.now()): number | undefined {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failure a non-2xx answer stands for, from its status, headers and (a bounded part of) its body. */
export function failureFromStatus(status: number, headers: HeaderLookup, body: string): UpstreamFailure {
  const info = errorInfo(body.slice(0, MAX_ERROR_BODY));
  const kind = kindForStatus(status, info.text);
  const retry = kind === "rate_limited" ? retryAfterMs(headers) : undefined;
  return new UpstreamFailure(kind, `HTTP ${status}${shortCode(info.code)}`, retry);
}

/** Fetch and socket errors (refused, reset, "terminated", DNS): the connection failed. */
export function failureFromTransport(error: unknown): UpstreamFailure {
  if (error instanceof UpstreamFailure) return error;
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") parts.push(code);
    else if (typeof message === "string") parts.push(message.slice(0, 60));
  }
  return new UpstreamFailure("connection", parts.join(": ") || "transport error");
}

/**
 * The connections to model families: kept alive between requests, and without undici's own
 * header and body time limits, which the family's timeouts (routing/attempt.ts) replace.
 */
let agent: Agent | undefined;
const upstreamAgent = () => (agent ??= new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 10_000 }));

/**
 * POSTs a streaming request and returns the event-stream body of a 2xx answer; any other outcome
 * is an UpstreamFailure of its kind (an abort by the caller is passed through as it is). undici's
 * request() rather than fetch(): the body arrives as plain Node chunks (no web-stream layers per
 * chunk), and redirects are never followed (one would carry the key to wherever it points).
 */
export async function openEventStream(url: string, headers: Record<string, string>, body: unknown, signal: AbortSignal): Promise<Readable> {
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
      body: JSON.stringify(body),
      signal,
      dispatcher: upstreamAgent(),
    });
  } catch (error) {
    rethrowIfAborted(signal, error);
    throw failureFromTransport(error);
  }
  if (answer.statusCode >= 200 && answer.statusCode <= 299) return answer.body;
  let text = "";
  try {
    text = await answer.body.text();
  } catch (error) {
    if (signal.aborted) throw error;
  }
  const lookup: HeaderLookup = {
    get: (name) => {
      const value = answer.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value[0] : value;
    },
  };
  throw failureFromStatus(answer.statusCode, lookup, text);
}
