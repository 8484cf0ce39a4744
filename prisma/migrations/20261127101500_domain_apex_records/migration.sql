-- Domains made before the service kept their NS and SOA records get them now: an SOA record and an
-- NS record per default name server (DNS_NAME_SERVERS' default), as a new domain gets them. Ids take
-- the domain's time part (they sort as made with it) and 16 characters derived from the domain's id.
INSERT INTO "dns_records" ("id", "domain_id", "type", "name", "value", "ttl", "priority", "created_at")
SELECT 'rec_' || substr(d."id", 5, 10) || substr(md5(d."id" || '/' || r.kind), 1, 16),
       d."id", r.type, '@',
       coalesce(r.value, 'ns1.switchyard.dev hostmaster.switchyard.dev ' || to_char(d."created_at" AT TIME ZONE 'UTC', 'YYYYMMDD') || '01 7200 3600 1209600 300'),
       r.ttl, NULL, d."created_at"
FROM "domains" d
CROSS JOIN (VALUES ('soa', 'SOA', NULL, 3600), ('ns1', 'NS', 'ns1.switchyard.dev', 86400), ('ns2', 'NS', 'ns2.switchyard.dev', 86400)) AS r(kind, type, value, ttl)
WHERE NOT EXISTS (SELECT 1 FROM "dns_records" x WHERE x."domain_id" = d."id" AND x."type" IN ('NS', 'SOA'));
