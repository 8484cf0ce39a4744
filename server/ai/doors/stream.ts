// The one stream loop of every door: the door's opening events, each piece of text as the engines
// write it, then its closing events, or, when the generation fails, its one failure event. A
// client that left reads nothing more (toAppError logs its leaving); a stream cut by the shutdown
// grace ends with its reason (service_unavailable).
import "server-only";
import { AppError } from "../../errors";
import { toAppError } from "../../wire/handle-error";
import { runGeneration, type Prepared } from "../generate";
import { writerFor, type Started, type StreamWriters } from "./door";

export const startedOf = (prepared: Prepared): Started => ({ id: prepared.id, product: prepared.product, created: new Date(), inputTokens: prepared.inputTokens });

export type StreamOf<Body, Event> = {
  /** The prepared generation; a refusal while preparing ends the stream with its failure event. */
  prepared: Promise<Prepared>;
  body: Body;
  send: (event: Event) => void;
  signal: AbortSignal;
  requestId: string;
};

export async function streamGeneration<Body, Event>(door: StreamWriters<Body, Event>, stream: StreamOf<Body, Event>): Promise<void> {
  const { send, signal } = stream;
  const writer = writerFor(door, stream.body);
  try {
    const prepared = await stream.prepared;
    const started = startedOf(prepared);
    writer.opening(started).forEach(send);
    const thinking = writer.thinking?.bind(writer);
    const generation = await runGeneration(
      prepared, (text) => sendAll(writer.delta(text, started), send), signal, writer.door, thinking && ((block) => thinking(block, started).forEach(send)),
    );
    writer.closing(generation, started, stream.body).forEach(send);
  } catch (error) {
    const failure = toAppError(error, signal);
    if (!signal.aborted || signal.reason instanceof AppError) send(writer.failure(failure, stream.requestId));
  }
}

function sendAll<Event>(events: Event | Event[], send: (event: Event) => void): void {
  if (Array.isArray(events)) events.forEach(send);
  else send(events);
}
