// The playground: start a run (its request in a POST body), then stream it over SSE
// (httpSubscriptionLink); unsubscribing (Stop, or leaving the page) cancels the engine call.
import "server-only";
import { z } from "zod";
import { startRun, streamRun, takeRun } from "../../ai/playground";
import { generationRequest } from "../../ai/schema";
import { endpoints } from "../../vocab/endpoints";
import { projectProcedure, router } from "../trpc";

export const playgroundRouter = router({
  start: projectProcedure
    .input(z.object({ endpoint: z.enum(endpoints), request: generationRequest }))
    .mutation(({ ctx, input }) => startRun(ctx.userId, ctx.actor, input.endpoint, { ...input.request, stream: true })),
  stream: projectProcedure
    .input(z.object({ runId: z.string().min(1).max(100) }))
    // The run is taken before streaming starts, so "gone" is an ordinary error, not a broken stream.
    .subscription(async ({ ctx, input, signal }) => streamRun(ctx.actor, await takeRun(ctx.userId, ctx.actor, input.runId), signal ?? new AbortController().signal)),
});
