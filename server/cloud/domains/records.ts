// The rules of one DNS record, by type, and the rule of a name's neighbours (a CNAME stands
// alone). Pure functions: the service runs them, under a lock on the domain for the neighbours.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { isIPv6 } from "node:net";
import { aliasTarget, fqdn, mailHost, recordName } from "./names";
import { isReadOnlyRecordType, MAX_TXT_CHARS, type EditableRecordType, type RecordType } from "../../vocab/dns-record-types";
import type { CreateRecordInput } from "./schema";

export type RecordFields = { type: RecordType; name: string; value: string; ttl: number; priority: number | null };
type Fault = { ok: false; param: "type" | "name" | "value" | "priority"; message: string };
export type RecordCheck = { ok: true; record: RecordFields } | Fault;

const OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

type ValueCheck = { ok: true; value: string; priority: number | null } | Fault;

/** Checks and normalises a record for `domain` (already a valid, lowercase domain name). */
export function checkRecord(input: CreateRecordInput, domain: string): RecordCheck {
  if (isReadOnlyRecordType(input.type)) {
    return {
      ok: false,
      param: "type",
      message: `${input.type} records are kept by the service at the domain itself (its name servers, \`name_servers\` of the domain) and are read-only; create A, AAAA, CNAME, TXT or MX records.`,
    };
  }
  const editable = { ...input, type: input.type as EditableRecordType };
  const name = recordName(input.name, domain);
  if (!name.ok) return { ok: false, param: "name", message: name.message };
  if (input.type !== "MX" && input.priority !== undefined) {
    return { ok: false, param: "priority", message: `Only MX records take a priority; drop it from this ${input.type} record.` };
  }
  const checked = checkValue(editable, name.value, domain);
  if (!checked.ok) return checked;
  return { ok: true, record: { type: input.type, name: name.value, value: checked.value, ttl: input.ttl, priority: checked.priority } };
}

function checkValue(input: CreateRecordInput & { type: EditableRecordType }, name: string, domain: string): ValueCheck {
  const bad = (message: string, param: Fault["param"] = "value"): Fault => ({ ok: false, param, message });
  const good = (value: string, priority: number | null = null): ValueCheck => ({ ok: true, value, priority });
  // TXT keeps its spaces as sent; every other value is a token, surrounding white space dropped.
  const raw = input.type === "TXT" ? input.value : input.value.trim();
  switch (input.type) {
    case "A":
      return IPV4.test(raw) ? good(raw) : bad("An A record's value is an IPv4 address in dotted-quad form, like `203.0.113.10` (no leading zeros).");
    case "AAAA":
      // isIPv6 accepts a zone (`fe80::1%eth0`), which means nothing in the DNS.
      if (!isIPv6(raw) || raw.includes("%")) return bad("An AAAA record's value is an IPv6 address, like `2001:db8::10`.");
      return good(canonicalIPv6(raw));
    case "CNAME": {
      if (name === "@") {
        return bad("A CNAME cannot be at the domain itself (`@`), where SOA and NS records live; use A/AAAA records there, or a CNAME on a name like `www`.", "name");
      }
      const target = aliasTarget(raw);
      if (!target.ok) return bad(target.message);
      if (target.value === fqdn(name, domain)) return bad(`A CNAME cannot point to itself (${quoted(raw)}).`);
      return good(target.value);
    }
    case "TXT":
      if (!raw.trim()) return bad("A TXT record's value cannot be empty.");
      if (raw.length > MAX_TXT_CHARS) return bad(`A TXT record's value is at most ${MAX_TXT_CHARS} characters.`);
      if (!/^[\x20-\x7e]+$/.test(raw)) return bad("A TXT record's value is printable ASCII (spaces allowed; no tabs, line breaks or other characters).");
      return good(raw);
    case "MX": {
      if (input.priority === undefined) return bad("An MX record needs `priority`, an integer 0..65535 (lower is tried first).", "priority");
      const host = mailHost(raw);
      if (!host.ok) return bad(`${host.message} An MX record's value is the mail server's host name; its priority goes in \`priority\`.`);
      return good(host.value, input.priority);
    }
  }
}

/** RFC 5952 form, so that one address is stored one way (and duplicates are seen). */
function canonicalIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

export type Neighbour = { id: string; type: string; value: string; priority: number | null };

/** Why `record` cannot join the records already at its name, or null when it can. */
export function neighbourConflict(record: RecordFields, atSameName: Neighbour[]): string | null {
  const shown = record.name === "@" ? "`@`" : quoted(record.name);
  const same = atSameName.find((r) => r.type === record.type && r.value === record.value && r.priority === record.priority);
  if (same) return `This ${record.type} record already exists (${same.id}).`;
  const cname = atSameName.find((r) => r.type === "CNAME");
  if (cname) return `${shown} has a CNAME (${cname.id}); no other record can share its name. Delete the CNAME first.`;
  if (record.type === "CNAME" && atSameName.length > 0) {
    const types = [...new Set(atSameName.map((r) => r.type))].join(", ");
    return `${shown} already has ${types} records; a CNAME cannot share its name with other records. Delete them first.`;
  }
  return null;
}
