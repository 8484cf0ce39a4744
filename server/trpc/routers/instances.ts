// Instances of a project, their snapshots and backups: the services behind /v1/instances.
import "server-only";
import { z } from "zod";
import { catalog } from "../../cloud/catalog";
import { currentImages } from "../../cloud/images";
import { actionInput, createInstanceInput, listInstancesInput, snapshotInput, updateInstanceInput } from "../../cloud/instances/schema";
import { createInstance, deleteInstance, getAction, getInstance, instanceAction, listActions, listInstances, updateInstance } from "../../cloud/instances/service";
import { listBackups } from "../../cloud/instances/backups";
import { createSnapshot, deleteSnapshot, listSnapshots } from "../../cloud/instances/snapshots";
import { listInput } from "../../wire/page";
import { memberProcedure, projectProcedure, router } from "../trpc";
import { searchInput } from "../../wire/search";

const id = z.string().min(1).max(100);

export const instancesRouter = router({
  catalog: memberProcedure.query(() => catalog()),
  images: memberProcedure.query(() => ({ images: currentImages() })),
  list: projectProcedure.input(z.object({ ...listInstancesInput.shape, q: searchInput.shape.q })).query(({ ctx, input }) => listInstances(ctx.actor, input)),
  get: projectProcedure.input(z.object({ id })).query(({ ctx, input }) => getInstance(ctx.actor, input.id)),
  create: projectProcedure.input(z.object({ instance: createInstanceInput })).mutation(({ ctx, input }) => createInstance(ctx.actor, input.instance)),
  update: projectProcedure
    .input(z.object({ id, changes: updateInstanceInput }))
    .mutation(({ ctx, input }) => updateInstance(ctx.actor, input.id, input.changes)),
  action: projectProcedure.input(z.object({ id, type: actionInput.shape.type })).mutation(({ ctx, input }) => instanceAction(ctx.actor, input.id, input.type)),
  actions: projectProcedure
    .input(z.object({ id, ...listInput.shape }))
    .query(({ ctx, input }) => listActions(ctx.actor, input.id, { limit: input.limit, cursor: input.cursor })),
  getAction: projectProcedure.input(z.object({ id })).query(({ ctx, input }) => getAction(ctx.actor, input.id)),
  delete: projectProcedure.input(z.object({ id })).mutation(({ ctx, input }) => deleteInstance(ctx.actor, input.id)),
  snapshots: projectProcedure.input(z.object(listInput.shape)).query(({ ctx, input }) => listSnapshots(ctx.actor, input)),
  createSnapshot: projectProcedure
    .input(z.object({ id, snapshot: snapshotInput }))
    .mutation(({ ctx, input }) => createSnapshot(ctx.actor, input.id, input.snapshot)),
  deleteSnapshot: projectProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await deleteSnapshot(ctx.actor, input.id);
    return { id: input.id, deleted: true };
  }),
  backups: projectProcedure.input(z.object({ id })).query(({ ctx, input }) => listBackups(ctx.actor, input.id)),
});
