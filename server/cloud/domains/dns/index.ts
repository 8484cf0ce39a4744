// The name server of this deployment, from DNS_DRIVER: PowerDNS, or none (stored records only).
import "server-only";
import { env } from "../../../env";
import { powerDns } from "./powerdns";
import type { NameServer } from "./types";

export function nameServer(): NameServer | null {
  return env.DNS_DRIVER === "powerdns" ? powerDns : null;
}
