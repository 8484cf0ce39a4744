// Serves a door over HTTP, the same for every door: parses the body with the door's schema,
// prepares the generation (every refusal is an ordinary JSON error with its status, answered by
// the key's wrapper), then answers as server-sent events (the one stream loop, stream.ts) or as
// JSON with the long-run keep-alive.
import "server-only";
import { untilGraceOver } from "../../lifecycle";
import type { Endpoint } from "../../vocab/endpoints";
import { toAppError } from "../../wire/handle-error";
import { parseBody } from "../../http/parse-body";
import { longRunResponse, sseResponse } from "../../http/sse";
import { leaseStream } from "../../http/stream-leases";
import type { KeyHandler } from "../../http/with-api-key";
import { abandonGeneration, prepareGeneration, runGeneration } from "../generate";
import type { Door, WireEvent } from "./door";
import { startedOf, streamGeneration } from "./stream";

export function generationDoor<Body extends { stream: boolean }>(door: Door<Body>, endpoint: Endpoint): KeyHandler {
  return async (request, { key, requestId }) => {
    const body = await parseBody(request, door.body);
    // The door's own refusals (already in its terms) come before a stream takes a place: a refused request holds none.
    const input = door.parse(body);
    // A stream holds one of its key's places from here until it ends or its client leaves. The
    // place is asked for while the generation is prepared (its round trip hides behind the
    // preparation's); a refusal of either gives the other back, and no place refuses first.
    const [place, preparing] = await Promise.allSettled([
      body.stream ? leaseStream(key.id) : () => undefined,
      prepareGeneration({ ...key, keyId: key.id }, endpoint, input),
    ]);
    if (place.status === "rejected") {
      if (preparing.status === "fulfilled") await abandonGeneration(preparing.value);
      throw place.reason;
    }
    const release = place.value;
    if (preparing.status === "rejected") {
      release();
      throw door.inOwnTerms ? door.inOwnTerms(preparing.reason, body) : preparing.reason;
    }
    const prepared = preparing.value;
    if (body.stream) {
      return sseResponse(
        (emit, signal) => {
          const send = (event: WireEvent) => emit(event.event, event.data);
          return streamGeneration(door, { prepared: Promise.resolve(prepared), body, send, signal, requestId }).finally(release);
        },
        {},
        request.signal,
      );
    }
    const started = startedOf(prepared);
    const grace = untilGraceOver(request.signal);
    const work = runGeneration(prepared, () => undefined, grace.signal, door.door).then(
      (generation) => ({ status: 200, body: door.answer(generation, started, body) }),
      (error: unknown) => {
        const failure = toAppError(error, grace.signal);
        return { status: failure.status, body: door.error(failure, requestId) };
      },
    ).finally(grace.release);
    return longRunResponse(work, {});
  };
}
