// Every change of a domain's records reaches the name server durably: the change bumps its zone's
// `version` and queues a sync job in the same transaction (so it is never lost), and the job writes
// the whole zone as the database holds it then (so a job that runs twice, or late, applies nothing
// twice: writing a zone is declarative, powerdns.ts). One sync of a zone at a time, under a lease;
// a failed write is retried by the job runner, and a zone whose jobs all failed is found again by
// the reconcile, which also finds zones the name server lost.
import "server-only";
import { db, type Tx } from "../../db";
import { log } from "../../log";
import { enqueue } from "../../jobs/queue";
import { registerJob } from "../../jobs/runner";
import { nameServer } from "./dns";
import { rrsetsOf } from "./dns/rrsets";

export const ZONE_SYNC_JOB = "dns.zone_sync";
/** Longer than a sync takes (three calls of at most 5 s): a lease outliving its process expires. */
const LEASE_SECONDS = 60;
/** How soon a sync that found its zone being written tries again. */
const BUSY_RETRY_MS = 1000;

/** Inside the transaction that changes what the zone holds (a domain made or deleted, a record changed). */
export async function zoneChanged(tx: Tx, zone: string): Promise<void> {
  if (!nameServer()) return;
  await tx.$executeRaw`
    INSERT INTO dns_zones (name, version, updated_at) VALUES (${zone}, 1, now())
    ON CONFLICT (name) DO UPDATE SET version = dns_zones.version + 1, updated_at = now()`;
  await enqueue(tx, ZONE_SYNC_JOB, { zone });
}

export async function syncZone({ zone }: { zone: string }): Promise<void> {
  const server = nameServer();
  if (!server) return;
  const [lease] = await db().$queryRaw<{ version: number; served_version: number }[]>`
    UPDATE dns_zones SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE name = ${zone} AND (lease_until IS NULL OR lease_until < now()) RETURNING version, served_version`;
  if (!lease) {
    const held = await db().dnsZone.findUnique({ where: { name: zone }, select: { name: true } });
    // Being written by another job, which may have read the records before this change: after it.
    if (held) await db().$transaction((tx) => enqueue(tx, ZONE_SYNC_JOB, { zone }, new Date(Date.now() + BUSY_RETRY_MS)));
    return;
  }
  const release = (served?: boolean) =>
    db().$executeRaw`UPDATE dns_zones SET lease_until = NULL,
      served_version = CASE WHEN ${served ?? null}::boolean IS NULL THEN served_version ELSE GREATEST(served_version, ${lease.version}) END,
      served = COALESCE(${served ?? null}::boolean, served) WHERE name = ${zone}`;
  if (lease.served_version >= lease.version) return void (await release());
  try {
    // A zone name belongs to one domain on a name server (domains/service.ts refuses a second).
    const domain = await db().domain.findFirst({ where: { name: zone }, include: { records: true } });
    if (domain) await server.write(zone, rrsetsOf(domain.records, zone));
    else await server.drop(zone);
    await release(domain !== null);
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Zones the name server does not hold as it should: behind (every job failed, or the service was
 * down), lost on the server's side, or never written (domains made before DNS_DRIVER=powerdns).
 * Each gets a sync job unless one is queued. Returns how many were queued.
 */
export async function reconcileZones(): Promise<number> {
  const server = nameServer();
  if (!server) return 0;
  await db().$executeRaw`INSERT INTO dns_zones (name) SELECT DISTINCT name FROM domains ON CONFLICT (name) DO NOTHING`;
  const held = new Set(await server.zones());
  const lost = await db().dnsZone.findMany({ where: { served: true }, select: { name: true } });
  for (const { name } of lost.filter((z) => !held.has(z.name))) {
    log.warn({ zone: name }, "the name server no longer holds a zone it served: writing it again");
    await db().dnsZone.update({ where: { name }, data: { served: false, servedVersion: 0 } });
  }
  const behind = await db().$queryRaw<{ name: string }[]>`
    SELECT z.name FROM dns_zones z
    WHERE z.served_version < z.version AND (z.lease_until IS NULL OR z.lease_until < now())
      AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = ${ZONE_SYNC_JOB} AND j.done_at IS NULL AND j.payload->>'zone' = z.name)
    LIMIT 100`;
  for (const { name } of behind) await db().$transaction((tx) => enqueue(tx, ZONE_SYNC_JOB, { zone: name }));
  return behind.length;
}

/** Whether a name server answers for each of these zones (false for all without one). */
export async function servedZones(names: string[]): Promise<Set<string>> {
  if (!nameServer() || names.length === 0) return new Set();
  const rows = await db().dnsZone.findMany({ where: { name: { in: names }, served: true }, select: { name: true } });
  return new Set(rows.map((row) => row.name));
}

export function registerZoneJobs(): void {
  registerJob(ZONE_SYNC_JOB, { run: syncZone });
}
