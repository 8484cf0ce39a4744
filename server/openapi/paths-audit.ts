// The cloud API's audit log: one registration per route and method.
import "server-only";
import { auditEventList } from "../audit/schema";
import { listInput } from "../wire/page";
import { operation } from "./operation";

export const auditOperations = [
  operation({
    method: "get",
    path: "/v1/audit_events",
    summary: "List audit events",
    description:
      "Who changed what in this key's project, newest first: API key creation, changes and revocation, webhook changes and " +
      "secret rotations, whether made over the API or in the console. Client addresses are not shown (`ip` is null); sign-ins, " +
      "sign-ups and the operators' changes to the workspace are in the console's Security page. No secret or password is ever recorded.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of audit events.", schema: auditEventList } },
  }),
];
