// The console's Activity page: a project's generations, the same service as /api/public/v1/generations.
import "server-only";
import { z } from "zod";
import { generationQuery } from "../../ai/generations/schema";
import { getGeneration, listGenerations } from "../../ai/generations/service";
import { projectProcedure, router } from "../trpc";

export const generationsRouter = router({
  // Not strict: infinite queries add `direction` next to `cursor`.
  list: projectProcedure.input(z.object(generationQuery.shape)).query(({ ctx, input }) => listGenerations(ctx.actor, input)),
  get: projectProcedure.input(z.object({ id: z.string().min(1).max(100) })).query(({ ctx, input }) => getGeneration(ctx.actor, input.id)),
});
