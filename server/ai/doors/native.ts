// The native door: POST /api/public/v1/ai/{completions,code,review}. Parses, prepares (every
// refusal is an ordinary JSON error), then answers as SSE or as JSON with the long-run keep-alive.
import { errorBody } from "../../errors";
import { toAppError } from "../../http/handle-error";
import { parseBody } from "../../http/parse-body";
import { longRunResponse, sseResponse } from "../../http/sse";
import type { KeyHandler } from "../../http/with-api-key";
import { prepareGeneration, runGeneration } from "../generate";
import type { Endpoint } from "../products";
import { generationRequest } from "../schema";

export function generationHandler(endpoint: Endpoint): KeyHandler {
  return async (request, { key, requestId }) => {
    const body = await parseBody(request, generationRequest);
    const prepared = await prepareGeneration({ ...key, keyId: key.id }, endpoint, body);
    if (body.stream) {
      return sseResponse(
        async (emit, signal) => {
          try {
            const generation = await runGeneration(prepared, (text) => emit("delta", { text }), signal);
            const { id, product, usage, routing, metadata } = generation;
            emit("done", { id, product, usage, routing, metadata });
          } catch (error) {
            if (!signal.aborted) emit("error", errorBody(toAppError(error), requestId));
          }
        },
        {},
        request.signal,
      );
    }
    const work = runGeneration(prepared, () => undefined, request.signal).then(
      (generation) => ({ status: 200, body: generation as unknown }),
      (error: unknown) => {
        const failure = toAppError(error, request.signal);
        return { status: failure.status, body: errorBody(failure, requestId) as unknown };
      },
    );
    return longRunResponse(work, {});
  };
}
