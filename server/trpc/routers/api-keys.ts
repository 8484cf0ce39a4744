// API keys of a project in the member's workspace; the same service as /v1/api_keys.
import "server-only";
import { z } from "zod";
import { createKey, listKeys, revokeKey, updateKey } from "../../keys/service";
import { createKeyInput, updateKeyInput } from "../../keys/schema";
import { memberProjectActor } from "../../projects/service";
import { memberProcedure, router } from "../trpc";
import { searchInput } from "../../wire/search";

const onProject = z.object({ projectId: z.string().min(1).max(100) });
// Not strict: infinite queries add `direction` next to `cursor`.
const listOnProject = z.object({ ...searchInput.shape, ...onProject.shape });

export const apiKeysRouter = router({
  list: memberProcedure.input(listOnProject).query(async ({ ctx, input }) => {
    const { projectId, ...page } = input;
    return listKeys(await memberProjectActor(ctx, projectId), page);
  }),

  // The full key is in this answer only; it is stored as a hash.
  create: memberProcedure.input(createKeyInput.extend(onProject.shape)).mutation(async ({ ctx, input }) => {
    const { projectId, ...key } = input;
    return createKey(await memberProjectActor(ctx, projectId), key);
  }),

  // Name and limits; the same rules as PATCH /v1/api_keys/{id}.
  update: memberProcedure.input(updateKeyInput.extend(onProject.shape).extend({ id: z.string().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    const { projectId, id, ...change } = input;
    return updateKey(await memberProjectActor(ctx, projectId), id, change);
  }),

  revoke: memberProcedure.input(onProject.extend({ id: z.string().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    await revokeKey(await memberProjectActor(ctx, input.projectId), input.id);
    return { id: input.id, revoked: true };
  }),
});
