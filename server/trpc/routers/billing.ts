// The workspace's money, as GET /v1/billing, /v1/billing/transactions and /api/public/v1/usage
// answer it (the same services), plus what the overview needs.
import "server-only";
import { z } from "zod";
import { usageQuery } from "../../billing/schema";
import { billingSummary, listTransactions, workspaceUsage } from "../../billing/service";
import { router, workspaceProcedure } from "../trpc";
import { transactionQuery } from "../../billing/ledger-query";

export const billingRouter = router({
  summary: workspaceProcedure.query(({ ctx }) => billingSummary(ctx.workspaceId)),
  // Not strict: infinite queries add `direction` next to `cursor`.
  transactions: workspaceProcedure.input(z.object(transactionQuery.shape)).query(({ ctx, input }) => listTransactions(ctx.workspaceId, input)),
  usage: workspaceProcedure.input(usageQuery).query(({ ctx, input }) => workspaceUsage(ctx.workspaceId, input)),
});
