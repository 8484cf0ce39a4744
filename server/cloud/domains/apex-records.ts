// The records the service keeps at a domain itself: one NS record per name server the domain is
// delegated to (DNS_NAME_SERVERS) and one SOA record naming the first. They are written with the
// domain, listed with its other records, and read-only (records.ts refuses them, service.ts guards
// changes and deletions).
import "server-only";
import { env } from "../../env";
import { newId } from "../../ids";

/** The name servers new domains are delegated to, in order (the first is the SOA's primary). */
export function nameServers(): string[] {
  return env.DNS_NAME_SERVERS.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean);
}

const NS_TTL = 86400;
const SOA_TTL = 3600;
/** Refresh, retry, expire and negative-answer TTL of the SOA record, in seconds. */
const SOA_TIMERS = "7200 3600 1209600 300";

/** `hostmaster.` under the primary's own domain: `ns1.switchyard.dev` → `hostmaster.switchyard.dev`. */
function hostmaster(primary: string): string {
  const labels = primary.split(".");
  return `hostmaster.${labels.length > 2 ? labels.slice(1).join(".") : primary}`;
}

/** The SOA value: primary name server, responsible mailbox, serial (the day it was made, then 01), timers. */
export function soaValue(servers: string[], madeAt: Date): string {
  const serial = `${madeAt.toISOString().slice(0, 10).replace(/-/g, "")}01`;
  return `${servers[0]} ${hostmaster(servers[0])} ${serial} ${SOA_TIMERS}`;
}

/** The rows of a new domain's apex records, the SOA first (ids sort by creation, so lists end with it). */
export function apexRecords(domainId: string, madeAt: Date) {
  const servers = nameServers();
  return [
    { id: newId("rec"), domainId, type: "SOA", name: "@", value: soaValue(servers, madeAt), ttl: SOA_TTL, priority: null },
    ...servers.map((server) => ({ id: newId("rec"), domainId, type: "NS", name: "@", value: server, ttl: NS_TTL, priority: null })),
  ];
}
