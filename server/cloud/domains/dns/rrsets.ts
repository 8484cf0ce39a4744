// A domain's records as a name server's record sets: fully qualified names with the trailing dot,
// one TTL per name and type (the lowest of its records: RFC 2181 wants one), MX priority in the
// content, TXT quoted in strings of at most 255 characters. Pure: zone-sync.ts sends them.
import "server-only";
import { fqdn } from "../names";

export type RecordRow = { type: string; name: string; value: string; ttl: number; priority: number | null };
export type RRset = { name: string; type: string; ttl: number; contents: string[] };

const dotted = (name: string) => `${name.replace(/\.$/, "")}.`;

/** `"..."` strings of at most 255 characters each, `"` and `\` escaped (RFC 1035 character-strings). */
export function txtContent(text: string): string {
  const strings: string[] = [];
  for (let at = 0; at < text.length; at += 255) strings.push(text.slice(at, at + 255));
  return strings.map((piece) => `"${piece.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(" ");
}

/** SOA `primary mailbox serial refresh retry expire minimum`, its two names fully qualified. */
function soaContent(value: string): string {
  const [primary, mailbox, ...numbers] = value.split(/\s+/);
  return [dotted(primary), dotted(mailbox), ...numbers].join(" ");
}

export function contentOf(record: RecordRow): string {
  switch (record.type) {
    case "CNAME":
    case "NS":
      return dotted(record.value);
    case "MX":
      return `${record.priority ?? 0} ${dotted(record.value)}`;
    case "TXT":
      return txtContent(record.value);
    case "SOA":
      return soaContent(record.value);
    default:
      return record.value;
  }
}

export function rrsetsOf(records: RecordRow[], zone: string): RRset[] {
  const sets = new Map<string, RRset>();
  for (const record of records) {
    const name = dotted(fqdn(record.name, zone));
    const key = `${name} ${record.type}`;
    const set = sets.get(key) ?? { name, type: record.type, ttl: record.ttl, contents: [] };
    set.ttl = Math.min(set.ttl, record.ttl);
    const content = contentOf(record);
    if (!set.contents.includes(content)) set.contents.push(content);
    sets.set(key, set);
  }
  return [...sets.values()].map((set) => ({ ...set, contents: [...set.contents].sort() }));
}

/** An SOA's serial is the name server's to raise on every change: compared without it. */
const comparable = (set: RRset) =>
  JSON.stringify({ ...set, contents: set.type === "SOA" ? set.contents.map((c) => c.split(" ").filter((_, i) => i !== 2).join(" ")) : set.contents });

/** What to send so that `served` becomes `wanted`: sets to replace (new or changed) and sets to delete. */
export function zoneChanges(wanted: RRset[], served: RRset[]): { replace: RRset[]; remove: RRset[] } {
  const key = (set: RRset) => `${set.name} ${set.type}`;
  const servedByKey = new Map(served.map((set) => [key(set), set]));
  const wantedKeys = new Set(wanted.map(key));
  return {
    replace: wanted.filter((set) => {
      const current = servedByKey.get(key(set));
      return !current || comparable(current) !== comparable(set);
    }),
    remove: served.filter((set) => !wantedKeys.has(key(set))),
  };
}
