// The DNS record types this service keeps and the longest TXT value. A domain holds records of every
// type in `recordTypes`; the service writes the NS and SOA records of the domain itself when the
// domain is made, and they are read-only. The console's record form offers `editableRecordTypes`.
// Imports nothing, so the browser may import it too (vocab.test.ts).
export const editableRecordTypes = ["A", "AAAA", "CNAME", "TXT", "MX"] as const;
export const readOnlyRecordTypes = ["NS", "SOA"] as const;
export const recordTypes = [...editableRecordTypes, ...readOnlyRecordTypes] as const;
export type RecordType = (typeof recordTypes)[number];
export type EditableRecordType = (typeof editableRecordTypes)[number];

export const isReadOnlyRecordType = (type: string): boolean => (readOnlyRecordTypes as readonly string[]).includes(type);

export const MAX_TXT_CHARS = 2048;
