// What an audit entry is about, by the prefix of its id: the type of a target recorded as a bare
// id (older rows, and callers that name no type).
import "server-only";

const typeOfPrefix: Record<string, string> = {
  usr: "user", key: "api_key", whk: "webhook", dlv: "webhook_delivery", wsp: "workspace", prj: "project", ins: "instance",
  snap: "snapshot", bkp: "backup", dom: "domain", rec: "dns_record", ssh: "ssh_key", pay: "payment",
};

export type AuditTarget = { type: string; id: string; name?: string | null };

/** The type of a target id; an email (a sign-in) is a user's; anything else (a product, a tier) says so. */
export function targetTypeOf(id: string): string {
  if (id.includes("@")) return "user";
  return typeOfPrefix[id.split("_")[0]] ?? "service";
}

export function auditTarget(target: AuditTarget | string): AuditTarget {
  return typeof target === "string" ? { type: targetTypeOf(target), id: target } : target;
}
