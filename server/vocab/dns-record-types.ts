// The DNS record types this service keeps and the longest TXT value; the console's record form offers
// exactly these types. Imports nothing, so the browser may import it too (vocab.test.ts).
export const recordTypes = ["A", "AAAA", "CNAME", "TXT", "MX"] as const;
export type RecordType = (typeof recordTypes)[number];

export const MAX_TXT_CHARS = 2048;
