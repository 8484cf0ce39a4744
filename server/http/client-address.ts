// The client's address, from the connection, not from what the client says: `next start` keeps a
// client-sent X-Forwarded-For, so the server process records each connection's peer address in a
// header of its own (overwriting anything a client sent under that name), and X-Forwarded-For is
// believed only for hops the operator trusts (TRUSTED_PROXIES, proxy-addr's syntax). Used for
// sign-in limits, console call limits and the audit log.
import "server-only";
import { Server, type IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { env } from "../env";

export const PEER_HEADER = "x-switchyard-peer";
let patched = false;

/** Once per server process, before it serves: every request carries its socket's address. */
export function recordPeerAddresses(): void {
  if (patched) return;
  patched = true;
  const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

let trust: { setting: string | undefined; check: ReturnType<typeof proxyaddr.compile> } | undefined;

type HeaderBag = Headers | Record<string, unknown> | undefined;
const read = (headers: HeaderBag, name: string): string | undefined => {
  if (!headers) return undefined;
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return typeof value === "string" ? value : undefined;
};

function trustCheck(): ReturnType<typeof proxyaddr.compile> {
  if (!trust || trust.setting !== env.TRUSTED_PROXIES) {
    trust = { setting: env.TRUSTED_PROXIES, check: proxyaddr.compile(env.TRUSTED_PROXIES?.split(",").map((s) => s.trim()).filter(Boolean) ?? []) };
  }
  return trust.check;
}

/** The client's address, or null outside a served request (scripts, tests). */
export function clientAddress(headers: HeaderBag): string | null {
  const peer = read(headers, PEER_HEADER);
  if (!peer) return null;
  const forwarded = read(headers, "x-forwarded-for");
  const request = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: forwarded ? { "x-forwarded-for": forwarded } : {} };
  // An IPv4 client of a dual-stack listener arrives as `::ffff:a.b.c.d`: people read the IPv4 address.
  return proxyaddr(request as unknown as IncomingMessage, trustCheck()).replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/**
 * The network an address stands for in per-client limits: an IPv6 client is given a whole /64
 * (it may use any of its 2^64 addresses), so its first four groups are the client; an IPv4
 * address is itself.
 */
export function addressNetwork(address: string): string {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  if (!bare.includes(":")) return bare;
  const [head, tail] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16)).join(":")}::/64`;
}

/** Whether the request reached us through a proxy the operator trusts (TRUSTED_PROXIES). */
export function fromTrustedProxy(headers: HeaderBag): boolean {
  const peer = read(headers, PEER_HEADER);
  return Boolean(peer) && trustCheck()(peer!, 0);
}
