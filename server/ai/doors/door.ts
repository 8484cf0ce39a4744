// What a door is: one wire format of the one generation. The rules, products, routing, limits,
// idempotency, metering and failover are the same behind every door and live elsewhere (the key's
// wrapper, server/ai/generate.ts); a door only says how its request and its answers look.
import "server-only";
import type { z } from "zod";
import type { AppError } from "../../errors";
import type { DoorName, Generation } from "../generate";
import type { ThinkingBlock } from "../providers/types";
import type { GenerationRequest } from "../schema";
import type { ProductId } from "../../vocab/products";
import type { PolicyDoor } from "./field-policy";

/** One server-sent event; a null event name sends a bare `data:` line (the OpenAI wire format). */
export type WireEvent = { event: string | null; data: unknown };

/**
 * What every answer of one generation shares, known before the first byte (`inputTokens`: the
 * input as counted before routing). One object per generation: a door may key its stream's own
 * state on it (e.g. which content blocks it opened).
 */
export type Started = { id: string; product: ProductId; created: Date; inputTokens: number };

/**
 * How one generation's events are written, in a door's shape: the events before the first text,
 * each piece of text, the events that end it, and the one event that ends a failed one. The one
 * stream loop (stream.ts) calls these and nothing else.
 */
export type EventWriter<Body, Event> = {
  /** The door's name in metrics. */
  door: DoorName;
  /** Events sent before the first delta (e.g. the role chunk of OpenAI streams). */
  opening(started: Started): Event[];
  /** The events of one piece of text (one, or a few when a format opens its text item on the first piece). */
  delta(text: string, started: Started): Event | Event[];
  /** The events of one block of the engines' thinking, sealed (formats that show thinking; it comes before any text). */
  thinking?(block: ThinkingBlock, started: Started): Event[];
  /** The events that end a successful stream. */
  closing(generation: Generation, started: Started, body: Body): Event[];
  /** The event that ends a failed stream. */
  failure(error: AppError, requestId: string): Event;
};

/**
 * How a format writes its streams: one writer for all, or, when its events carry a stream's state
 * (numbered events, items opened as they come), a writer of its own for each stream.
 */
export type StreamWriters<Body, Event> = EventWriter<Body, Event> | { door: DoorName; perStream(body: Body): EventWriter<Body, Event> };

/** The writer of one stream. */
export const writerFor = <Body, Event>(writers: StreamWriters<Body, Event>, body: Body): EventWriter<Body, Event> =>
  "perStream" in writers ? writers.perStream(body) : writers;

/**
 * A door of the API: a wire format, and nothing else. It parses its request into the one
 * generation request, writes the one generation's answer and events in its shape, and maps the one
 * error to its error body; http-door.ts serves every door the same way (body limits, stream places,
 * the stream, the long-run answer). A new door (Anthropic Messages, OpenAI Responses) is a new
 * value of this type and a route file, with no logic of its own beyond its format.
 */
export type Door<Body extends { stream: boolean }> = StreamWriters<Body, WireEvent> & {
  /** The request's schema (strict: unknown fields are refused, naming the field). */
  body: z.ZodType<Body>;
  /** The body as the generation service's request. */
  parse(body: Body): GenerationRequest;
  /** The 200 JSON body of a finished generation. */
  answer(generation: Generation, started: Started, body: Body): unknown;
  /** The JSON body of a failed generation (its status is the error's). */
  error(error: AppError, requestId: string): unknown;
  /** A refusal of the generation in this format's field names (e.g. `model` for the product). */
  inOwnTerms?(error: unknown, body: Body): unknown;
  /**
   * A vendor's format (Anthropic, OpenAI): unknown fields are taken out and named rather than
   * refused, the fields its policy table ignores are named, and an output limit above the
   * product's is clamped to it (field-policy.ts). The native door has none: it stays strict.
   */
  vendor?: VendorTerms<Body>;
};

export type VendorTerms<Body> = {
  policy: PolicyDoor;
  /** The output limit's field as this body sent it (`max_tokens`, `max_completion_tokens`, ...). */
  outputField(body: Body): string;
  /** What else the door left out and names (e.g. built-in tools not offered to the engine). */
  ignoredOf?(body: Body): string[];
};
