// The client's address: the first entry of X-Forwarded-For, which `next start` sets to the peer
// address when no proxy in front did. Used for sign-in limits and the audit log, never for access.
export function clientAddress(forwardedFor: unknown): string | null {
  const first = typeof forwardedFor === "string" ? forwardedFor.split(",")[0]?.trim() : undefined;
  // An IPv4 client of a dual-stack listener arrives as `::ffff:a.b.c.d`: people read the IPv4 address.
  return first?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "") || null;
}
