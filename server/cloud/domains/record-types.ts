// The DNS record types this service keeps, in a module of their own (no imports) so the console's
// record form offers exactly these.
export const recordTypes = ["A", "AAAA", "CNAME", "TXT", "MX"] as const;
export type RecordType = (typeof recordTypes)[number];
