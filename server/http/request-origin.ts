// The origin a client reached us at. A proxy in front says it in X-Forwarded-Host/-Proto, believed
// only from a proxy the operator trusts (TRUSTED_PROXIES): `next start` keeps whatever a client
// sent under those names (and fills them from the Host header and the socket when nobody did).
// Otherwise the Host header, over plain HTTP (`next start` serves no TLS).
import "server-only";
import { fromTrustedProxy } from "./client-address";

export function requestOrigin(headers: Headers): string | null {
  const first = (name: string) => headers.get(name)?.split(",")[0].trim() || null;
  const proxied = fromTrustedProxy(headers);
  const host = (proxied && first("x-forwarded-host")) || first("host");
  return host ? `${(proxied && first("x-forwarded-proto")) || "http"}://${host}` : null;
}
