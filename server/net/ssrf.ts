// The address guard of outgoing URLs, webhook URLs and image URLs alike (README "Webhooks"): https only (http when the operator allows it),
// and no address that reaches inside: loopback, private, CGNAT, link-local (cloud metadata),
// unspecified, reserved, multicast, IPv4-mapped or translated IPv6; and no port below 1024 but 80
// and 443 (no SSH, SMTP or other service port of a public host). Checked when a URL is saved,
// and again on the address actually connected at delivery (a name may resolve elsewhere later):
// so a webhook's name that does not resolve yet is accepted when saved; an image's is not (an
// engine fetches it, unguarded). `localhost` is refused as a name, whatever the settings; the
// refusal of http or loopback tells a developer the settings and to use 127.0.0.1.
// IP literals in any notation are normalised by the WHATWG URL parser (0x7f000001, 2130706433,
// 0177.0.0.1 all become 127.0.0.1); ipaddr.js classifies the ranges. A name resolving inside is
// refused in one wording, whatever the address: the refusal never tells what an internal name
// resolves to (the address and its range go to the server's log only).
import "server-only";
import type { LookupAddress } from "node:dns";
import { promises as dns } from "node:dns";
import ipaddr from "ipaddr.js";
import { env } from "../env";
import { AppError } from "../errors";
import { log } from "../log";

const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  uniqueLocal: "a private (unique local) IPv6 address",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  linkLocal: "a link-local address, where cloud metadata services live",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};

const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** Why this address may not be a webhook target, or null when it is a public unicast address. */
export function addressRefusal(address: string, options: { allowLoopback?: boolean } = {}): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.process(address); // ::ffff:a.b.c.d is judged as a.b.c.d
  const range = parsed.range();
  if (range === "unicast") {
    // ::a.b.c.d (IPv4-compatible, deprecated) is "unicast" to ipaddr.js but names an IPv4 address.
    return parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE) ? "a deprecated IPv4-compatible IPv6 address" : null;
  }
  if (range === "loopback" && options.allowLoopback) return null;
  return RANGE_WORDS[range] ?? `a ${range} address, not a public one`;
}

/** A name refused at connect time; the message tells the name only, `address` and `reason` are for the log. */
export class AddressRefusedError extends Error {
  readonly code = "WEBHOOK_ADDRESS_REFUSED";
  constructor(readonly host: string, readonly address: string, readonly reason: string) {
    super(`${host} resolves to an address that is not public`);
  }
}

/** Ports a webhook may use below 1024. */
const WELL_KNOWN_ALLOWED = new Set([80, 443]);

/** One resolver per list of servers (the setting is read on each call; a changed list gets its own). */
let resolver: { servers: string; resolver: dns.Resolver } | undefined;

function resolverFor(servers: string[]): dns.Resolver {
  const key = servers.join(",");
  if (resolver?.servers !== key) {
    const made = new dns.Resolver({ timeout: 3000, tries: 2 });
    made.setServers(servers);
    resolver = { servers: key, resolver: made };
  }
  return resolver.resolver;
}

/** Every address of a name: through the operator's DNS servers when set, else the system's. */
export async function resolveHost(hostname: string): Promise<LookupAddress[]> {
  const servers = env.WEBHOOK_DNS_SERVERS?.split(",").map((s) => s.trim()).filter(Boolean);
  if (!servers?.length) return dns.lookup(hostname, { all: true, verbatim: true });
  const named = resolverFor(servers);
  const [v4, v6] = await Promise.allSettled([named.resolve4(hostname), named.resolve6(hostname)]);
  const addresses = [
    ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (addresses.length === 0) throw Object.assign(new Error(`${hostname} does not resolve`), { code: "ENOTFOUND" });
  return addresses;
}

/** The host of a URL as an IP literal (brackets removed), or null for a name. */
function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(host) ? host : null;
}

/**
 * Where a URL will be fetched from, and what is allowed there. `delivered`: this service connects
 * to it through guardedLookup (a webhook), so a name that does not resolve yet is accepted when
 * saved, and a refusal of http or loopback names the operator settings for local development.
 */
export type UrlTarget = { param: string; allowHttp: boolean; allowLoopback: boolean; rule: string; delivered?: boolean };

/** A webhook endpoint: http and loopback literals only as the operator allows. */
const webhookTarget = (): UrlTarget => ({
  param: "url", allowHttp: env.WEBHOOK_ALLOW_HTTP, allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK, rule: "webhooks go only to public addresses", delivered: true,
});

/** `localhost` and its subdomains always mean this machine (RFC 6761); a name never gets the loopback allowance. */
const isLocalhost = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

/**
 * What a developer with a receiver on their own machine can do: the operator settings not yet on,
 * and the same URL at 127.0.0.1 (an IP literal: a name is never allowed to reach loopback).
 */
function localDevelopment(url: URL, target: UrlTarget): string {
  if (!target.delivered) return "";
  const local = new URL(url.href);
  local.hostname = "127.0.0.1";
  const off = [["WEBHOOK_ALLOW_HTTP", target.allowHttp], ["WEBHOOK_ALLOW_LOOPBACK", target.allowLoopback]] as const;
  const settings = off.filter(([, on]) => !on).map(([name]) => `${name}=true`);
  return ` For local development ${settings.length ? `the operator can set ${settings.join(" and ")}; then ` : ""}use 127.0.0.1, not localhost (${local.href}).`;
}

/** The checks that need no lookup: scheme, credentials, and an IP literal's range. */
export function checkUrlShape(raw: string, target: UrlTarget = webhookTarget()): URL {
  const refuse = (message: string) => new AppError("invalid_body", `\`${target.param}\` ${message}`, { param: target.param });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("is not a valid URL; send an absolute https:// URL.");
  }
  const httpAllowed = target.allowHttp;
  if (url.protocol !== "https:" && !(httpAllowed && url.protocol === "http:")) {
    const hint = url.protocol === "http:" ? localDevelopment(url, target) : "";
    throw refuse(`must be an https:// URL${httpAllowed ? " (or http://)" : ""}; ${url.protocol.replace(":", "")} is not accepted.${hint}`);
  }
  if (url.username || url.password) throw refuse("may not carry a user name or password.");
  // An empty port is the scheme's default (80 or 443); "0" stays "0".
  const port = url.port === "" ? null : Number(url.port);
  if (port !== null && port < 1024 && !WELL_KNOWN_ALLOWED.has(port)) throw refuse(`uses port ${port}; ports below 1024 are refused, except 80 and 443.`);
  const literal = literalHost(url);
  if (literal) {
    const reason = addressRefusal(literal, { allowLoopback: target.allowLoopback });
    const hint = reason && ipaddr.process(literal).range() === "loopback" ? localDevelopment(url, target) : "";
    if (reason) throw refuse(`points at ${ipaddr.process(literal).toString()}, ${reason}; ${target.rule}.${hint}`);
  }
  if (isLocalhost(url.hostname)) {
    throw refuse(target.delivered ? `names ${url.hostname}; only an IP literal may reach this machine, never a name.${localDevelopment(url, target)}` : `names ${url.hostname}, this machine; ${target.rule}.`);
  }
  return url;
}

/**
 * Everything, with the name resolved now: used when a URL is created or changed. A delivered URL
 * whose name does not resolve yet is accepted (its delivery is guarded at connect time); any
 * other is refused, since what fetches it may resolve the name elsewhere.
 */
export async function checkPublicUrl(raw: string, target: UrlTarget = webhookTarget()): Promise<URL> {
  const refuse = (message: string) => new AppError("invalid_body", `\`${target.param}\` ${message}`, { param: target.param });
  const url = checkUrlShape(raw, target);
  if (literalHost(url)) return url;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveHost(url.hostname);
  } catch {
    if (target.delivered) return url;
    throw refuse(`has a host name that does not resolve (${url.hostname}); check the name.`);
  }
  for (const { address } of addresses) {
    const reason = addressRefusal(address);
    if (reason) {
      log.info({ host: url.hostname, address, reason }, "URL refused: its host name resolves inside");
      throw refuse(`has a host name that resolves to an address that is not public; ${target.rule}.`);
    }
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address?: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the delivery's socket: the address actually connected is checked, every time,
 * so a name that resolved to a public address when saved and to a private one now is refused.
 * A name never gets the loopback allowance (that is for IP literals the operator allowed).
 */
export function guardedLookup(hostname: string, options: { family?: number | string; all?: boolean } | number, callback: LookupCallback): void {
  const opts = typeof options === "number" ? { family: options } : (options ?? {});
  resolveHost(hostname).then(
    (addresses) => {
      for (const { address } of addresses) {
        const reason = addressRefusal(address);
        if (reason) return callback(new AddressRefusedError(hostname, address, reason));
      }
      const family = Number(String(opts.family ?? 0).replace("IPv", ""));
      const usable = family ? addresses.filter((a) => a.family === family) : addresses;
      if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }));
      if (opts.all) callback(null, usable);
      else callback(null, usable[0].address, usable[0].family);
    },
    (error: NodeJS.ErrnoException) => callback(error),
  );
}
