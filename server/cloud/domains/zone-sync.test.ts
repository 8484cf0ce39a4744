// Zones written to a real PowerDNS (runs when PDNS_API_URL is set: `npm run engines -- up`, CI's
// engines step), through a proxy that can fail the name server's answers: a failed write is
// retried and lands, nothing is applied twice (the SOA serial moves only on a real change), a
// zone whose jobs all failed is queued again by the reconcile, and a lost zone is written again.
import { createServer, request, type Server } from "node:http";
import { Resolver } from "node:dns/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db";
import { env } from "../../env";
import { newWorkspace } from "../../../test/kits/workspaces";
import { createDomain, createRecord, deleteDomain, deleteRecord, updateRecord } from "./service";
import { reconcileZones, syncZone, ZONE_SYNC_JOB } from "./zone-sync";

const real = process.env.PDNS_API_URL;
const dnsServer = process.env.DNS_SERVER ?? "127.0.0.1:25353";

/** Forwards to PowerDNS, or answers 503 while `failing` (the name server down for a moment). */
let failing = false;
let proxy: Server;
const saved = { driver: env.DNS_DRIVER, url: env.PDNS_API_URL };

beforeAll(async () => {
  if (!real) return;
  proxy = createServer((req, res) => {
    if (failing) return void res.writeHead(503).end("down for a moment");
    const target = new URL(req.url!, real);
    const out = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  env.DNS_DRIVER = "powerdns";
  env.PDNS_API_URL = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  env.DNS_DRIVER = saved.driver;
  env.PDNS_API_URL = saved.url;
  await new Promise((resolve) => proxy?.close(resolve));
});

function resolver() {
  const r = new Resolver({ timeout: 2000, tries: 1 });
  r.setServers([dnsServer]);
  return r;
}

/** Runs every queued sync of the zone, as the job runner would (retrying a failed one is the runner's job). */
async function runSyncs(zone: string): Promise<void> {
  const jobs = await db().job.findMany({ where: { kind: ZONE_SYNC_JOB, doneAt: null, payload: { path: ["zone"], equals: zone } } });
  for (const job of jobs) {
    await syncZone(job.payload as { zone: string });
    await db().job.update({ where: { id: job.id }, data: { doneAt: new Date() } });
  }
}

const serial = async (zone: string) => (await resolver().resolveSoa(zone)).serial;

describe.skipIf(!real)("zones on PowerDNS", () => {
  let actor: { workspaceId: string; projectId: string; maxScope: "read_write" };
  const zone = `zs-${Date.now().toString(36)}.example.com`;

  beforeAll(async () => {
    actor = { ...(await newWorkspace(0n)), maxScope: "read_write" };
  });

  it("a domain and its records answer; a second write of the same zone changes nothing", async () => {
    await createDomain(actor, { name: zone });
    const { record } = await createRecord(actor, zone, { type: "A", name: "www", value: "203.0.113.10", ttl: 300 });
    await createRecord(actor, zone, { type: "TXT", name: "@", value: "hello dns", ttl: 300 });
    await runSyncs(zone);
    expect(await resolver().resolve4(`www.${zone}`)).toEqual(["203.0.113.10"]);
    expect(await resolver().resolveTxt(zone)).toEqual([["hello dns"]]);
    const first = await serial(zone);
    await db().dnsZone.update({ where: { name: zone }, data: { servedVersion: 0 } }); // as if the job ran again after a crash
    await syncZone({ zone });
    expect(await serial(zone)).toBe(first);
    await updateRecord(actor, zone, record.id, { value: "203.0.113.11" });
    await runSyncs(zone);
    expect(await resolver().resolve4(`www.${zone}`)).toEqual(["203.0.113.11"]);
    expect(await serial(zone)).toBeGreaterThan(first);
  });

  it("a write that fails is retried and lands; a zone whose jobs all failed is queued again by the reconcile", async () => {
    const { record } = await createRecord(actor, zone, { type: "A", name: "api", value: "203.0.113.20", ttl: 300 });
    failing = true;
    await expect(runSyncs(zone)).rejects.toThrow(/503/);
    failing = false;
    // Its job gave up (as after its last attempt): the zone is behind, and the reconcile finds it.
    await db().job.updateMany({ where: { kind: ZONE_SYNC_JOB, doneAt: null }, data: { doneAt: new Date() } });
    expect(await reconcileZones()).toBeGreaterThan(0);
    await runSyncs(zone);
    expect(await resolver().resolve4(`api.${zone}`)).toEqual(["203.0.113.20"]);
    await deleteRecord(actor, zone, record.id);
    await runSyncs(zone);
    await expect(resolver().resolve4(`api.${zone}`)).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("a zone lost on the name server is written again; a deleted domain's zone is dropped", async () => {
    await fetch(`${real}/api/v1/servers/localhost/zones/${zone}.`, { method: "DELETE", headers: { "X-API-Key": env.PDNS_API_KEY ?? "" } });
    await expect(resolver().resolve4(`www.${zone}`)).rejects.toMatchObject({ code: "EREFUSED" });
    await reconcileZones();
    await runSyncs(zone);
    expect(await resolver().resolve4(`www.${zone}`)).toEqual(["203.0.113.11"]);
    await deleteDomain(actor, zone);
    await runSyncs(zone);
    await expect(resolver().resolve4(`www.${zone}`)).rejects.toMatchObject({ code: "EREFUSED" });
    expect(await db().dnsZone.findUnique({ where: { name: zone } })).toMatchObject({ served: false });
  });
});
