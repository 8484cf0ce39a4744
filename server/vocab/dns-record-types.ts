// The DNS record types this service keeps; the console's record form offers exactly these. Imports
// nothing, so the browser may import it too (vocab.test.ts).
export const recordTypes = ["A", "AAAA", "CNAME", "TXT", "MX"] as const;
export type RecordType = (typeof recordTypes)[number];
