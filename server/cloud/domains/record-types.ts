// The DNS record types this service keeps and the longest TXT value, in a module of their own (no
// imports) so the console's record form offers exactly these and the schema and the checks share them.
export const recordTypes = ["A", "AAAA", "CNAME", "TXT", "MX"] as const;
export type RecordType = (typeof recordTypes)[number];

export const MAX_TXT_CHARS = 2048;
