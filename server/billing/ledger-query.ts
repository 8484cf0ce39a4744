// The ledger's filters, on GET /v1/billing/transactions and the console's Billing page alike: by
// type (`top_up`, `grant`, `charge`, `refund`, `reversal`), by project, and by time (`since`, `until`), each
// optional, on top of the cursor paging every list has.
import "server-only";
import { z } from "zod";
import { listInput } from "../wire/page";
import { moment, timeWindow } from "../wire/time-window";

export const transactionTypes = ["top_up", "grant", "charge", "refund", "reversal"] as const;

export const transactionQuery = z.strictObject({
  ...listInput.shape,
  type: z.enum(transactionTypes).optional().meta({ description: "Only movements of this type." }),
  project_id: z
    .string()
    .regex(/^prj_[0-9a-z]{26}$/, "is a project's id, `prj_...`")
    .optional()
    .meta({ description: "Only the movements of this project (`prj_...`); workspace-wide ones (top-ups, grants) have none." }),
  since: moment("movements", "at or after this"),
  until: moment("movements", "before or at this"),
});
export type TransactionQuery = z.infer<typeof transactionQuery>;

/** The ledger rows' condition for the query's filters (the cursor's comes from the paging). */
export function ledgerWhere(query: Partial<TransactionQuery>) {
  return {
    ...(query.type && { kind: query.type }),
    ...(query.project_id && { projectId: query.project_id }),
    ...timeWindow(query),
  };
}
