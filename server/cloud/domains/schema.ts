// Request and response shapes of the domain and DNS record routes. Shapes and ranges are here;
// the DNS rules (names, values by type) are in names.ts and records.ts, which name the field at fault.
import "server-only";
import { z } from "zod";
import { cursorPage } from "../../wire/schema";
import { MAX_TXT_CHARS, recordTypes } from "../../vocab/dns-record-types";

export { recordTypes, type RecordType } from "../../vocab/dns-record-types";

export const createDomainInput = z.strictObject({
  name: z.string().max(254, "at most 253 characters").meta({ description: "The domain, e.g. `example.com`." }),
});
export type CreateDomainInput = z.infer<typeof createDomainInput>;

export const createRecordInput = z.strictObject({
  type: z.enum(recordTypes).meta({ description: "A, AAAA, CNAME, TXT or MX. NS and SOA records are kept by the service at the domain itself and are read-only: sending them is refused." }),
  name: z
    .string()
    .max(253, "at most 253 characters")
    .meta({ description: "`@` for the domain itself, else relative labels: `www`, `api.eu`, `_dmarc`, `*`." }),
  value: z
    .string()
    .max(MAX_TXT_CHARS, `at most ${MAX_TXT_CHARS} characters`)
    .meta({ description: "Checked by type: an IPv4 address (A), an IPv6 address (AAAA), a host name (CNAME, MX), text (TXT)." }),
  ttl: z.number().int().min(60).max(86400).default(3600).meta({ description: "Seconds." }),
  priority: z.number().int().min(0).max(65535).optional().meta({ description: "MX only, and required there: lower is tried first." }),
});
export type CreateRecordInput = z.infer<typeof createRecordInput>;

/** A record's type is fixed: to change it, delete the record and create another. */
export const updateRecordInput = z
  .strictObject({
    name: createRecordInput.shape.name.optional(),
    value: createRecordInput.shape.value.optional(),
    ttl: z.number().int().min(60).max(86400).optional().meta({ description: "Seconds." }),
    priority: createRecordInput.shape.priority,
  })
  .refine((body) => Object.keys(body).length > 0, "send at least one of name, value, ttl, priority");
export type UpdateRecordInput = z.infer<typeof updateRecordInput>;

export const domainObject = z
  .strictObject({
    id: z.string().meta({ example: "dom_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    name: z.string(),
    name_servers: z
      .array(z.string())
      .meta({ description: "The name servers the domain is delegated to (its NS records at `@`): set them at the domain's registrar.", example: ["ns1.switchyard.dev", "ns2.switchyard.dev"] }),
    served: z.boolean().meta({ description: "Whether a name server answers for the zone. False when this cloud only stores records (no DNS_DRIVER), and until a new zone is first written." }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Domain" });
export type DomainView = z.infer<typeof domainObject>;

export const recordObject = z
  .strictObject({
    id: z.string().meta({ example: "rec_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    type: z.enum(recordTypes).meta({ description: "NS and SOA records (at `@`, written with the domain) are read-only." }),
    name: z.string(),
    fqdn: z.string().meta({ description: "The full name the record answers for: `www.example.com`, or `example.com` for `@`." }),
    value: z.string(),
    ttl: z.number().int(),
    priority: z.number().int().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "DnsRecord" });
export type RecordView = z.infer<typeof recordObject>;

export const domainResponse = z.strictObject({ domain: domainObject });
export const domainList = cursorPage("domains", domainObject);
export const recordResponse = z.strictObject({ record: recordObject });
export const recordList = cursorPage("records", recordObject);
