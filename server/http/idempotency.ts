// Idempotency-Key on POST, PATCH and DELETE (README "Cloud API"). withApiKey calls `idempotent` once
// auth, scope and rate limit have passed: it reads the body once (1 MiB cap), fingerprints it
// (method, path with query, SHA-256 of the raw bytes), claims the key in the database for the
// key's project, runs the handler on a copy of the request, and stores or releases the outcome.
import "server-only";
import { createHash } from "node:crypto";
import { AppError, errorBody, errorCodes, type ErrorCode, type ErrorShape } from "../errors";
import { log } from "../log";
import { errorResponse } from "../wire/handle-error";
import { claimKey, completeKey, releaseKey } from "./idempotency-store";
import { readCappedBody } from "./parse-body";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

const METHODS = new Set(["POST", "PATCH", "DELETE"]);
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;

/**
 * "A request refused before that stores nothing, so its corrected retry runs." Auth, scope and
 * rate limit are checked before the claim; validation happens inside the handler, so its refusals
 * release the key instead of being stored. They are every 400 (each 400 code of the contract is a
 * validation refusal), 413, and the auth/scope/rate-limit codes should a handler ever raise one
 * (e.g. a key creating a key wider than its own scope: the fix is another body or another key, and
 * a stored 403 would answer the first and 422 the second). Every other 4xx is the answer of a
 * request that did run (404 not_found, 409 conflict, 402 insufficient_credits, 403 forbidden by a
 * policy...) and is stored like a 2xx. A 5xx is never stored: the failed work left no effect.
 */
const REFUSED_BEFORE_RUNNING = new Set<ErrorCode>([
  "invalid_body", "unknown_product", "empty_input", "product_not_allowed", "invalid_idempotency_key",
  "input_too_large", "missing_api_key", "invalid_api_key", "insufficient_scope", "rate_limited",
]);
const REFUSED_STATUSES = new Set([400, 401, 413, 429]);

/** Secrets shown once: stored (and so replayed) as null. Top-level members of the answer. */
const SECRET_MEMBERS = ["key", "secret"];

export type IdempotencyContext = {
  projectId: string;
  requestId: string;
  logFields: Record<string, unknown>;
  /** The error bodies' shape (the route's door); native by default. */
  errorShape?: ErrorShape;
};

export async function idempotent(
  request: Request,
  context: IdempotencyContext,
  run: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null || !METHODS.has(request.method)) return run(request);
  if (!VALID_KEY.test(key)) {
    throw new AppError("invalid_idempotency_key", `The ${IDEMPOTENCY_HEADER} header must be 1 to 255 printable ASCII characters.`);
  }
  const body = await readCappedBody(request);
  // The handler reads its body from a copy; the signal still tells it when the client goes away.
  const copy = () =>
    new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: body.length ? new Uint8Array(body) : undefined,
      signal: request.signal,
    });
  // A streamed answer (SSE) is never stored, so a streaming generation does not claim at all.
  if (asksForStream(body)) return run(copy());

  const owner = { projectId: context.projectId, key, requestId: context.requestId };
  const url = new URL(request.url);
  const fingerprint = `${request.method} ${url.pathname}${url.search} sha256:${createHash("sha256").update(body).digest("hex")}`;
  const claim = await claimKey({ ...owner, fingerprint });
  context.logFields.idempotency = claim.outcome;
  if (claim.outcome === "replay") {
    return new Response(claim.body === "" ? null : claim.body, {
      status: claim.status,
      headers: { [REPLAYED_HEADER]: "true", ...(claim.body === "" ? {} : { "Content-Type": "application/json" }) },
    });
  }
  if (claim.outcome === "running") {
    const busy = new AppError("idempotency_key_in_use", "A request with this Idempotency-Key is still running. Retry in a second.");
    return errorResponse(busy, context.requestId, { "Retry-After": "1" }, context.errorShape);
  }
  if (claim.outcome === "mismatch") {
    throw new AppError(
      "idempotency_key_mismatch",
      "This Idempotency-Key was already used with a different method, path or body. Use a new key for a new request.",
    );
  }

  const settle = (status: number, text: string | null) => settleClaim(owner, status, text);
  let response: Response;
  try {
    response = await run(copy());
  } catch (error) {
    // The wrapper maps the error; store the very body it will send (a 5xx or unknown error: release).
    if (error instanceof AppError) await settle(error.status, JSON.stringify((context.errorShape ?? errorBody)(error, context.requestId)));
    else await settle(500, null);
    throw error;
  }
  if (response.headers.get("content-type")?.includes("text/event-stream")) {
    await settle(200, null);
    return response;
  }
  if (response.body === null) {
    await settle(response.status, "");
    return response;
  }
  // The body passes through as it is produced (a long-running generation sends its status early
  // and its body later) and is stored before the client sees its end: a client that read the
  // whole answer and retries gets the replay, never `idempotency_key_in_use`.
  return new Response(recorded(response.body, (bytes) => settle(response.status, bytes === null ? null : bytes.toString("utf8"))), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Stores the answer or releases the key, as the rules above say; `text` null = no answer to store. */
async function settleClaim(owner: { projectId: string; key: string; requestId: string }, status: number, text: string | null): Promise<void> {
  try {
    const json = text === null ? undefined : parseJson(text);
    const code = errorCodeOf(json);
    // A long-running generation's headers went out as 200; a failure after that is its body.
    const effective = status < 300 && code ? errorCodes[code].status : status;
    if (text === null || !storable(effective, code)) {
      await releaseKey(owner);
      return;
    }
    if (!(await completeKey(owner, status, withoutSecrets(json, text)))) {
      log.warn({ project_id: owner.projectId }, "idempotency claim was taken over before its answer was stored");
    }
  } catch (err) {
    // The answer still goes out; the claim stays `running` until its lease ends, then retries run.
    log.error({ err }, "recording an idempotent answer failed");
  }
}

function storable(status: number, code: ErrorCode | undefined): boolean {
  if (status >= 500 || REFUSED_STATUSES.has(status)) return false;
  return code === undefined || !REFUSED_BEFORE_RUNNING.has(code);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error code of an answer's body: in `error` (ours, OpenAI's shapes) or beside it (the Anthropic door's). */
function errorCodeOf(json: unknown): ErrorCode | undefined {
  const body = json as { type?: unknown; code?: unknown; error?: { code?: unknown } } | undefined;
  const code = body?.error?.code ?? (body?.type === "error" ? body.code : undefined);
  return typeof code === "string" && code in errorCodes ? (code as ErrorCode) : undefined;
}

function withoutSecrets(json: unknown, text: string): string {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return text;
  const record = json as Record<string, unknown>;
  const shown = SECRET_MEMBERS.filter((name) => record[name] !== undefined && record[name] !== null);
  if (shown.length === 0) return text;
  return JSON.stringify({ ...record, ...Object.fromEntries(shown.map((name) => [name, null])) });
}

function asksForStream(body: Buffer): boolean {
  if (!body.includes('"stream"')) return false;
  const json = parseJson(body.toString("utf8"));
  return typeof json === "object" && json !== null && (json as { stream?: unknown }).stream === true;
}

/**
 * Passes a body through while keeping a copy; `done` gets the whole body (null if the body
 * failed) before the stream closes. A client that goes away does not stop the recording: the rest
 * is read anyway, so the outcome is still stored or released.
 */
function recorded(source: ReadableStream<Uint8Array>, done: (bytes: Buffer | null) => Promise<void>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const chunks: Uint8Array[] = [];
  let finished: Promise<void> | undefined;
  const finish = (ok: boolean) => (finished ??= done(ok ? Buffer.concat(chunks) : null));
  return new ReadableStream<Uint8Array>({
    async pull(sink) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        await finish(false);
        sink.error(error);
        return;
      }
      if (next.done) {
        await finish(true);
        try {
          sink.close();
        } catch {
          // cancelled meanwhile
        }
        return;
      }
      chunks.push(next.value);
      try {
        sink.enqueue(next.value);
      } catch {
        // cancelled meanwhile: cancel() reads the rest
      }
    },
    cancel() {
      // Not awaited: the client is gone, nobody should wait for the rest of the answer.
      void (async () => {
        try {
          for (;;) {
            const { done: ended, value } = await reader.read();
            if (ended) break;
            chunks.push(value);
          }
          await finish(true);
        } catch {
          await finish(false);
        }
      })();
    },
  });
}
