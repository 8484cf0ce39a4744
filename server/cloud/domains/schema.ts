// Request and response shapes of the domain and DNS record routes. Shapes and ranges are here;
// the DNS rules (names, values by type) are in names.ts and records.ts, which name the field at fault.
import { z } from "zod";
import { MAX_TXT_CHARS } from "./records";

export const recordTypes = ["A", "AAAA", "CNAME", "TXT", "MX"] as const;
export type RecordType = (typeof recordTypes)[number];

export const createDomainInput = z.strictObject({
  name: z.string().max(254, "at most 253 characters"),
});
export type CreateDomainInput = z.infer<typeof createDomainInput>;

export const createRecordInput = z.strictObject({
  type: z.enum(recordTypes),
  /** `@` for the domain itself, else relative labels: `www`, `api.eu`, `_dmarc`, `*`. */
  name: z.string().max(253, "at most 253 characters"),
  value: z.string().max(MAX_TXT_CHARS, `at most ${MAX_TXT_CHARS} characters`),
  ttl: z.number().int().min(60).max(86400).default(3600),
  /** MX only, and required there: lower is tried first. */
  priority: z.number().int().min(0).max(65535).optional(),
});
export type CreateRecordInput = z.infer<typeof createRecordInput>;

export type DomainView = { id: string; name: string; created_at: string };

export type RecordView = {
  id: string;
  type: RecordType;
  name: string;
  /** The full name the record answers for: `www.example.com`, or `example.com` for `@`. */
  fqdn: string;
  value: string;
  ttl: number;
  priority: number | null;
  created_at: string;
};
