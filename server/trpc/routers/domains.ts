// DNS domains and records of a project: the services behind /v1/domains.
import "server-only";
import { z } from "zod";
import { createDomainInput, createRecordInput, updateRecordInput } from "../../cloud/domains/schema";
import { createDomain, createRecord, deleteDomain, deleteRecord, listDomains, listRecords, updateRecord } from "../../cloud/domains/service";
import { listInput } from "../../wire/page";
import { projectProcedure, router } from "../trpc";
import { searchInput } from "../../wire/search";

const domain = z.string().min(1).max(253);

export const domainsRouter = router({
  list: projectProcedure.input(searchInput).query(({ ctx, input }) => listDomains(ctx.actor, input)),
  create: projectProcedure.input(z.object({ domain: createDomainInput })).mutation(({ ctx, input }) => createDomain(ctx.actor, input.domain)),
  delete: projectProcedure.input(z.object({ domain })).mutation(async ({ ctx, input }) => {
    await deleteDomain(ctx.actor, input.domain);
    return { domain: input.domain, deleted: true };
  }),
  records: projectProcedure.input(z.object({ domain, ...listInput.shape })).query(({ ctx, input }) => {
    const { domain: name, ...page } = input;
    return listRecords(ctx.actor, name, page);
  }),
  createRecord: projectProcedure
    .input(z.object({ domain, record: createRecordInput }))
    .mutation(({ ctx, input }) => createRecord(ctx.actor, input.domain, input.record)),
  updateRecord: projectProcedure
    .input(z.object({ domain, id: z.string().min(1).max(100), changes: updateRecordInput }))
    .mutation(({ ctx, input }) => updateRecord(ctx.actor, input.domain, input.id, input.changes)),
  deleteRecord: projectProcedure.input(z.object({ domain, id: z.string().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    await deleteRecord(ctx.actor, input.domain, input.id);
    return { id: input.id, deleted: true };
  }),
});
