// The cloud API's audit log: one registration per route and method.
import "server-only";
import { auditEventList, auditListInput } from "../audit/schema";
import { operation } from "./operation";

export const auditOperations = [
  operation({
    method: "get",
    path: "/v1/audit_events",
    summary: "List audit events",
    description:
      "Who changed what in this key's project, newest first: every change of its instances, snapshots, backups, SSH keys, " +
      "domains and records, API keys and webhooks, whether made over the API or in the console, with what changed (`changes`). " +
      "Narrow it with `action`, `actor_id`, `target_id`, `since` and `until`. Entries are kept at least 400 days. Client addresses are not shown (`ip` is null); sign-ins, " +
      "sign-ups and the operators' changes to the workspace are in the console's Security page. No secret or password is ever recorded.",
    scope: "read",
    query: auditListInput,
    responses: { 200: { description: "A page of audit events.", schema: auditEventList } },
  }),
];
