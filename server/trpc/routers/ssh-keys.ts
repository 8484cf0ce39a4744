// SSH keys of a project: the services behind /v1/ssh_keys.
import "server-only";
import { z } from "zod";
import { createSshKeyInput } from "../../cloud/ssh-keys/schema";
import { createSshKey, deleteSshKey, listSshKeys } from "../../cloud/ssh-keys/service";
import { projectProcedure, router } from "../trpc";
import { searchInput } from "../../wire/search";

export const sshKeysRouter = router({
  list: projectProcedure.input(searchInput).query(({ ctx, input }) => listSshKeys(ctx.actor, input)),
  create: projectProcedure.input(z.object({ key: createSshKeyInput })).mutation(({ ctx, input }) => createSshKey(ctx.actor, input.key)),
  delete: projectProcedure.input(z.object({ id: z.string().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    await deleteSshKey(ctx.actor, input.id);
    return { id: input.id, deleted: true };
  }),
});
