// Serves a door over HTTP, the same for every door: parses the body with the door's schema,
// prepares the generation (every refusal is an ordinary JSON error with its status, answered by
// the key's wrapper), then answers as server-sent events (the one stream loop, stream.ts) or as
// JSON with the long-run keep-alive.
import "server-only";
import { untilGraceOver } from "../../lifecycle";
import type { Endpoint } from "../../vocab/endpoints";
import { toAppError } from "../../wire/handle-error";
import { parseBody } from "../../http/parse-body";
import { isProductId, products } from "../../vocab/products";
import type { GenerationInput } from "../schema";
import { IGNORED_HEADER, parseDoorBody } from "./door-body";
import { ignoredIn } from "./field-policy";
import { longRunResponse, sseResponse } from "../../http/sse";
import { leaseStream } from "../../http/stream-leases";
import type { KeyHandler } from "../../http/with-api-key";
import { abandonGeneration, prepareGeneration, runGeneration } from "../generate";
import type { Door, VendorTerms, WireEvent } from "./door";
import { startedOf, streamGeneration } from "./stream";

export function generationDoor<Body extends { stream: boolean }>(door: Door<Body>, endpoint: Endpoint): KeyHandler {
  return async (request, { key, requestId, headers }) => {
    const { body, ignored } = door.vendor ? await parseDoorBody(request, door.body) : { body: await parseBody(request, door.body), ignored: [] };
    // The door's own refusals (already in its terms) come before a stream takes a place: a refused request holds none.
    const input = door.parse(body);
    if (door.vendor) Object.assign(headers, vendorNotes(door.vendor, body, input, ignored));
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

/** The header that says which output limit was clamped, and to what (`max_tokens=8192`). */
export const CLAMPED_HEADER = "x-switchyard-clamped-params";

/**
 * What a vendor door says about the request beside its answer: the fields it ignored, and an
 * output limit above the product's clamped to it (clients such as coding agents send one limit
 * to every model; the input is changed in place).
 */
export function vendorNotes<Body>(vendor: VendorTerms<Body>, body: Body, input: GenerationInput, stripped: string[]): Record<string, string> {
  const notes: Record<string, string> = {};
  const ignored = [...new Set([...stripped, ...ignoredIn(vendor.policy, body), ...(vendor.ignoredOf?.(body) ?? [])])];
  if (ignored.length) notes[IGNORED_HEADER] = ignored.join(", ");
  const limit = input.product && isProductId(input.product) ? products[input.product].maxOutputTokens : undefined;
  if (limit !== undefined && input.max_output_tokens !== undefined && input.max_output_tokens > limit) {
    input.max_output_tokens = limit;
    notes[CLAMPED_HEADER] = `${vendor.outputField(body)}=${limit}`;
  }
  return notes;
}
