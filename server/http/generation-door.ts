// The generation door, for every wire format (native, OpenAI-compatible): parses the body with the
// format's schema, prepares the generation (every refusal is an ordinary JSON error with its
// status), then answers as server-sent events or as JSON with the long-run keep-alive. The stream,
// the long-run answer and the error answers are written here, once; a wire format only says how
// each piece looks.
import "server-only";
import type { z } from "zod";
import { AppError, errorBody, type ErrorBody } from "../errors";
import { untilGraceOver } from "../lifecycle";
import { prepareGeneration, runGeneration, type Door, type Generation } from "../ai/generate";
import type { ProductId } from "../vocab/products";
import type { Endpoint } from "../vocab/endpoints";
import type { GenerationRequest } from "../ai/schema";
import { toAppError } from "../wire/handle-error";
import { parseBody } from "./parse-body";
import { longRunResponse, sseResponse } from "./sse";
import { leaseStream } from "./stream-leases";
import type { KeyHandler } from "./with-api-key";

/** One server-sent event; a null event name sends a bare `data:` line (the OpenAI wire format). */
export type WireEvent = { event: string | null; data: unknown };

/** What every answer of one generation shares, known before the first byte. */
export type Started = { id: string; product: ProductId; created: Date };

export type WireFormat<Body extends { stream: boolean }> = {
  /** The door's name in metrics. */
  door: Door;
  body: z.ZodType<Body>;
  /** The body as the generation service's request. */
  toGeneration(body: Body): GenerationRequest;
  /** The 200 JSON body of a finished generation. */
  answer(generation: Generation, started: Started, body: Body): unknown;
  /** Events sent before the first delta (e.g. the role chunk of OpenAI streams). */
  opening(started: Started): WireEvent[];
  delta(text: string, started: Started): WireEvent;
  /** The events that end a successful stream. */
  closing(generation: Generation, started: Started, body: Body): WireEvent[];
  /** The event that ends a failed stream. */
  failure(error: ErrorBody): WireEvent;
  /** A refusal of the generation in this format's field names (e.g. `model` for the product). */
  inOwnTerms?(error: unknown, body: Body): unknown;
};

export function generationDoor<Body extends { stream: boolean }>(format: WireFormat<Body>, endpoint: Endpoint): KeyHandler {
  return async (request, { key, requestId }) => {
    const body = await parseBody(request, format.body);
    // A stream holds one of its key's places from here until it ends or its client leaves.
    const release = body.stream ? await leaseStream(key.id) : () => undefined;
    const prepared = await prepareGeneration({ ...key, keyId: key.id }, endpoint, format.toGeneration(body)).catch((error: unknown) => {
      release();
      throw format.inOwnTerms ? format.inOwnTerms(error, body) : error;
    });
    const started: Started = { id: prepared.id, product: prepared.product, created: new Date() };
    if (body.stream) {
      return sseResponse(
        async (emit, signal) => {
          const send = (event: WireEvent) => emit(event.event, event.data);
          format.opening(started).forEach(send);
          try {
            const generation = await runGeneration(prepared, (text) => send(format.delta(text, started)), signal, format.door);
            format.closing(generation, started, body).forEach(send);
          } catch (error) {
            // A client that left reads nothing more (toAppError logs its leaving); a stream cut by
            // the shutdown grace ends with its reason (service_unavailable).
            const failure = toAppError(error, signal);
            if (!signal.aborted || signal.reason instanceof AppError) send(format.failure(errorBody(failure, requestId)));
          } finally {
            release();
          }
        },
        {},
        request.signal,
      );
    }
    const grace = untilGraceOver(request.signal);
    const work = runGeneration(prepared, () => undefined, grace.signal, format.door).then(
      (generation) => ({ status: 200, body: format.answer(generation, started, body) }),
      (error: unknown) => {
        const failure = toAppError(error, grace.signal);
        return { status: failure.status, body: errorBody(failure, requestId) as unknown };
      },
    ).finally(grace.release);
    return longRunResponse(work, {});
  };
}
