// Request bodies and query strings: content type, a 1 MiB cap enforced while reading (a larger
// body is refused without being buffered), JSON parsing, unsafe input refused (safe-input.ts),
// and strict zod schemas whose failures name the field at fault (`param`).
import "server-only";
import { z } from "zod";
import { AppError } from "../errors";
import { MAX_BODY_BYTES } from "../wire/body-limits";
import { describeJsonFault, jsonFault } from "../wire/json-fault";
import { refuseUnsafeInput } from "./safe-input";
import { describeValidation, type Where } from "./validation-messages";

// On the AI API a large body is nearly always an image sent inline or an input no product takes.
const AI_API = "/api/public/v1/";
const tooLarge = (request: Request) => {
  const instead = new URL(request.url).pathname.startsWith(AI_API)
    ? " Send images as `https://` URLs rather than `data:` URLs, and keep the text within the product's `max_input_tokens` (GET /api/public/v1/ai/products)."
    : " Send less in one request.";
  return new AppError("input_too_large", `The request body is over 1 MiB (${MAX_BODY_BYTES} bytes), the most any request may carry.${instead}`, { limit: MAX_BODY_BYTES });
};

/** The raw body, refused past the cap while reading (a larger body is never buffered whole). */
export async function readCappedBody(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge(request);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(request);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The request with its body read under the cap (for handlers that parse bodies themselves). */
export async function cappedRequest(request: Request): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readCappedBody(request);
  return new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body), signal: request.signal });
}

/** Turns a failed validation into `invalid_body`: every problem in words (validation-messages.ts), `param` the first. */
export function validationError(error: z.ZodError, where: Where = "body", input?: unknown, schema?: z.ZodType): AppError {
  const { message, param } = describeValidation(error, input, { where, schema, hasInput: input !== undefined });
  return new AppError("invalid_body", message, param ? { param } : {});
}

/** The body as JSON (content type, cap, syntax and unsafe input checked), before any schema. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError("invalid_body", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const text = (await readCappedBody(request)).toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const fault = jsonFault(text);
    throw new AppError("invalid_body", `The body is not valid JSON${fault ? `: ${describeJsonFault(fault)}` : ""}.`);
  }
  refuseUnsafeInput(json, "body");
  return json;
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const json = await readJsonBody(request);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error, "body", json, schema);
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  refuseUnsafeInput(query, "query");
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error, "query", query, schema);
  return parsed.data;
}

/** A POST that takes no fields (rotate, ping, retry): no body, or `{}`; anything else is refused. */
export async function parseEmptyBody(request: Request): Promise<void> {
  const raw = await readCappedBody(request);
  if (raw.toString("utf8").trim() === "") return;
  const copy = new Request(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(raw) });
  await parseBody(copy, z.strictObject({}));
}
