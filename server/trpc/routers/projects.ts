// Projects of the member's workspace: created, renamed and (when empty) deleted here; the console switches between them.
import "server-only";
import { z } from "zod";
import { createProject, getProject, listProjects, renameProject } from "../../projects/service";
import { deleteProject } from "../../projects/delete";
import { memberProcedure, router } from "../trpc";
import { NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE } from "../../vocab/control-characters";
import { searchInput } from "../../wire/search";

const name = z.string().trim().min(1, "Give the project a name.").max(100).regex(NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE);

export const projectsRouter = router({
  // Not strict: infinite queries add `direction` next to `cursor`. Oldest first, as the switcher lists them.
  list: memberProcedure.input(searchInput).query(({ ctx, input }) => listProjects(ctx, input)),
  get: memberProcedure.input(z.strictObject({ projectId: z.string().min(1).max(100) })).query(({ ctx, input }) => getProject(ctx, input.projectId)),
  create: memberProcedure.input(z.strictObject({ name })).mutation(({ ctx, input }) => createProject(ctx, input.name)),
  rename: memberProcedure
    .input(z.strictObject({ projectId: z.string().min(1).max(100), name }))
    .mutation(({ ctx, input }) => renameProject(ctx, input.projectId, input.name)),
  delete: memberProcedure.input(z.strictObject({ projectId: z.string().min(1).max(100) })).mutation(({ ctx, input }) => deleteProject(ctx, input.projectId)),
});
