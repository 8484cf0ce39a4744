// The origin a client reached us at: `next start` fills X-Forwarded-Host/-Proto from the Host
// header and the socket when no proxy did (server/auth-origin.ts), and a proxy in front sets them.
export function requestOrigin(headers: Headers): string | null {
  const first = (name: string) => headers.get(name)?.split(",")[0].trim() || null;
  const host = first("x-forwarded-host") ?? first("host");
  return host ? `${first("x-forwarded-proto") ?? "http"}://${host}` : null;
}
