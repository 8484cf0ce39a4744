// PowerDNS Authoritative, through its HTTP API (PDNS_API_URL, X-API-Key): a zone is created with
// every record set at once, then changed by PATCHes of the sets that differ (REPLACE / DELETE),
// which makes writing a zone declarative: writing the same records twice changes nothing, not
// even the SOA serial (the server raises it itself on a real change: soa_edit_api DEFAULT).
import "server-only";
import { env } from "../../../env";
import { zoneChanges, type RRset } from "./rrsets";
import type { NameServer } from "./types";

/** One call to the name server; it answers on loopback in milliseconds, a slow one is a failed attempt (retried). */
const CALL_TIMEOUT_MS = 5000;

type PdnsRRset = { name: string; type: string; ttl: number; records: { content: string; disabled: boolean }[] };

class PdnsError extends Error {
  constructor(readonly status: number, what: string, detail: string) {
    super(`PowerDNS answered ${status} to ${what}: ${detail.slice(0, 300)}`);
  }
}

function api(path: string, method = "GET", body?: unknown): Promise<Response> {
  const base = env.PDNS_API_URL!.replace(/\/$/, "");
  return fetch(`${base}/api/v1/servers/${encodeURIComponent(env.PDNS_SERVER_ID)}${path}`, {
    method,
    headers: { "X-API-Key": env.PDNS_API_KEY ?? "", ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
}

async function expectOk(res: Response, what: string, fine: number[] = []): Promise<Response> {
  if (res.ok || fine.includes(res.status)) return res;
  throw new PdnsError(res.status, what, await res.text().catch(() => ""));
}

const zoneId = (zone: string) => `/zones/${encodeURIComponent(`${zone}.`)}`;
const toPdns = (set: RRset): PdnsRRset => ({ name: set.name, type: set.type, ttl: set.ttl, records: set.contents.map((content) => ({ content, disabled: false })) });
const fromPdns = (set: PdnsRRset): RRset => ({ name: set.name, type: set.type, ttl: set.ttl, contents: set.records.map((r) => r.content).sort() });

export const powerDns: NameServer = {
  async write(zone, wanted) {
    const res = await expectOk(await api(zoneId(zone)), `reading zone ${zone}`, [404, 422]);
    if (res.status === 404 || res.status === 422) {
      const create = await api("/zones", "POST", { name: `${zone}.`, kind: "Native", nameservers: [], soa_edit_api: "DEFAULT", rrsets: wanted.map(toPdns) });
      // 409: made by an earlier attempt whose answer was lost; the next attempt compares it.
      if (create.status !== 409) await expectOk(create, `creating zone ${zone}`);
      if (create.status !== 409) return;
      return powerDns.write(zone, wanted);
    }
    const served = ((await res.json()) as { rrsets: PdnsRRset[] }).rrsets.map(fromPdns);
    const { replace, remove } = zoneChanges(wanted, served);
    if (replace.length === 0 && remove.length === 0) return;
    const rrsets = [
      ...replace.map((set) => ({ ...toPdns(set), changetype: "REPLACE" })),
      ...remove.map((set) => ({ name: set.name, type: set.type, changetype: "DELETE" })),
    ];
    await expectOk(await api(zoneId(zone), "PATCH", { rrsets }), `changing zone ${zone}`);
  },
  async drop(zone) {
    await expectOk(await api(zoneId(zone), "DELETE"), `deleting zone ${zone}`, [404, 422]);
  },
  async zones() {
    const res = await expectOk(await api("/zones"), "listing zones");
    return ((await res.json()) as { name: string }[]).map((z) => z.name.replace(/\.$/, ""));
  },
};
