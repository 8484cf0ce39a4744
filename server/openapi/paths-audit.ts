// The cloud API's audit log: one registration per route and method.
import { auditEventList } from "../audit/schema";
import { listInput } from "../keys/schema";
import { operation } from "./operation";

export const auditOperations = [
  operation({
    method: "get",
    path: "/v1/audit_events",
    summary: "List audit events",
    description:
      "Who changed what in this key's workspace, across all its projects, newest first: console sign-ins (successful and failed, " +
      "with the client's address), sign-ups, API key creation and revocation, webhook changes and secret rotations, and the " +
      "operators' changes to the workspace (credit grants, tier). No secret or password is ever recorded.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of audit events.", schema: auditEventList } },
  }),
];
