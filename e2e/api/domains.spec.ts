// Domains and DNS records over REST: create, list, read, delete; every validation rule answers
// 400 invalid_body naming the field; duplicates and CNAME neighbours are 409; another project's
// domains and records are not found, never listed, never deleted.
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { call } from "../fixtures/api";
import { freshKeys } from "../fixtures/fresh-keys";

const unique = (label = "test") => `${label}-${randomBytes(4).toString("hex")}.example`;

async function domain(key: string, name = unique()) {
  const res = await call("POST", "/v1/domains", { key, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.domain as { id: string; name: string; name_servers: string[]; created_at: string };
}

const addRecord = (key: string, name: string, body: Record<string, unknown>) => call("POST", `/v1/domains/${name}/records`, { key, body });

/** The records a key made: without the NS and SOA records the service keeps at `@`. */
const made = <T extends { type: string }>(records: T[]) => records.filter((r) => r.type !== "NS" && r.type !== "SOA");
const NAME_SERVERS = ["ns1.switchyard.dev", "ns2.switchyard.dev"];

test("domains: create (normalised) → list → get → delete", async () => {
  const k = await freshKeys("domains spec");
  const name = unique("Shop");
  const created = await call("POST", "/v1/domains", { key: k.a, body: { name: `${name.toUpperCase()}.` } });
  expect(created.status).toBe(201);
  expect(created.body.domain).toEqual({
    id: expect.stringMatching(/^dom_[0-9a-z]{26}$/),
    name: name.toLowerCase(),
    name_servers: NAME_SERVERS,
    // The suite's server stores records without a name server (no DNS_DRIVER): not served.
    served: false,
    created_at: expect.stringMatching(/Z$/),
  });
  const { domain: made } = created.body;
  const listed = await call("GET", "/v1/domains?limit=100", { key: k.aRead });
  expect(listed.status).toBe(200);
  expect(listed.body.domains).toContainEqual(made);
  expect(listed.body).toHaveProperty("next_cursor");
  expect((await call("GET", `/v1/domains/${made.name}`, { key: k.aRead })).body).toEqual({ domain: made });
  expect((await call("GET", `/v1/domains/${made.name.toUpperCase()}.`, { key: k.aRead })).body).toEqual({ domain: made });

  expect((await call("DELETE", `/v1/domains/${made.name}`, { key: k.aRead })).status).toBe(403);
  const deleted = await call("DELETE", `/v1/domains/${made.name}`, { key: k.a });
  expect(deleted.status).toBe(204);
  expect(deleted.text).toBe("");
  expect((await call("GET", `/v1/domains/${made.name}`, { key: k.a })).status).toBe(404);
  expect((await call("DELETE", `/v1/domains/${made.name}`, { key: k.a })).body.error.code).toBe("not_found");
});

test("domain names: every rule → 400 invalid_body, param name", async () => {
  const k = await freshKeys("domains spec");
  const cases: [unknown, RegExp][] = [
    ["", /empty/],
    ["localhost", /at least two labels/],
    ["-bad.example", /starts or ends with `-`/],
    ["bad-.example", /starts or ends with `-`/],
    ["under_score.example", /labels are letters/],
    ["two..dots.example", /empty label/],
    [`${"a".repeat(64)}.example`, /over 63 characters/],
    [[..."abcd"].map((c) => c.repeat(63)).join(".") + ".example", /over 253 characters|at most 253/],
    ["bücher.example", /punycode \(`xn--bcher-kva\.example`\)/],
    ["xn--zz.example", /not valid punycode/],
    ["10.0.0.1", /IP address/],
    ["*.wild.example", /`\*`/],
    [42, /string/i],
  ];
  for (const [name, message] of cases) {
    const res = await call("POST", "/v1/domains", { key: k.a, body: { name } });
    expect(res.status, String(name)).toBe(400);
    expect(res.body.error, String(name)).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param: "name" });
    expect(res.body.error.message, String(name)).toMatch(message);
  }
  expect((await call("POST", "/v1/domains", { key: k.a, body: {} })).body.error).toMatchObject({ code: "invalid_body", param: "name" });
  expect((await call("POST", "/v1/domains", { key: k.a, body: { name: unique(), ttl: 60 } })).body.error).toMatchObject({ param: "ttl" });
  // Accepted edge cases: punycode, a 63-character label, one trailing dot.
  expect((await call("POST", "/v1/domains", { key: k.a, body: { name: `xn--bcher-kva.${unique()}` } })).status).toBe(201);
  expect((await call("POST", "/v1/domains", { key: k.a, body: { name: `${"a".repeat(55)}${randomBytes(4).toString("hex")}.example.` } })).status).toBe(201);
});

test("a domain twice in a project → 409; in another project it is fine", async () => {
  const k = await freshKeys("domains spec");
  const made = await domain(k.a);
  const again = await call("POST", "/v1/domains", { key: k.a, body: { name: made.name.toUpperCase() } });
  expect(again.status).toBe(409);
  expect(again.body.error).toMatchObject({ code: "conflict", param: "name" });
  const races = await Promise.all(Array.from({ length: 5 }, () => call("POST", "/v1/domains", { key: k.a, body: { name: `race.${made.name}` } })));
  expect(races.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  expect((await call("POST", "/v1/domains", { key: k.b, body: { name: made.name } })).status).toBe(201);
});

test("records: every type created, listed, read and deleted", async () => {
  const k = await freshKeys("domains spec");
  const { name } = await domain(k.a);
  const bodies = [
    { type: "A", name: "@", value: "203.0.113.10" },
    { type: "AAAA", name: "@", value: "2001:DB8:0:0::10", ttl: 300 },
    { type: "CNAME", name: "www", value: `App.${name}.` },
    { type: "TXT", name: "@", value: "v=spf1 include:_spf.example.net -all" },
    { type: "TXT", name: "_dmarc", value: "v=DMARC1; p=reject" },
    { type: "MX", name: "@", value: "mx1.example.net", priority: 10, ttl: 86400 },
    { type: "A", name: "*.dev", value: "198.51.100.1", ttl: 60 },
  ];
  const created = [];
  for (const body of bodies) {
    const res = await addRecord(k.a, name, body);
    expect(res.status, JSON.stringify(body)).toBe(201);
    created.push(res.body.record);
  }
  expect(created[0]).toEqual({
    id: expect.stringMatching(/^rec_[0-9a-z]{26}$/),
    type: "A", name: "@", fqdn: name, value: "203.0.113.10", ttl: 3600, priority: null, created_at: expect.stringMatching(/Z$/),
  });
  expect(created[1]).toMatchObject({ value: "2001:db8::10", ttl: 300 });
  expect(created[2]).toMatchObject({ name: "www", fqdn: `www.${name}`, value: `app.${name}` });
  expect(created[5]).toMatchObject({ type: "MX", value: "mx1.example.net", priority: 10, ttl: 86400 });
  expect(created[6]).toMatchObject({ name: "*.dev", fqdn: `*.dev.${name}` });

  const listed = await call("GET", `/v1/domains/${name}/records?limit=100`, { key: k.aRead });
  expect(listed.status).toBe(200);
  expect(made(listed.body.records)).toEqual([...created].reverse());
  expect(listed.body.next_cursor).toBeNull();
  const page = await call("GET", `/v1/domains/${name}/records?limit=3`, { key: k.aRead });
  expect(page.body.records).toEqual(created.slice(-3).reverse());
  const rest = await call("GET", `/v1/domains/${name}/records?limit=100&cursor=${page.body.next_cursor}`, { key: k.aRead });
  expect(made(rest.body.records)).toEqual(created.slice(0, -3).reverse());

  const one = await call("GET", `/v1/domains/${name}/records/${created[2].id}`, { key: k.aRead });
  expect(one.body).toEqual({ record: created[2] });
  expect((await call("DELETE", `/v1/domains/${name}/records/${created[2].id}`, { key: k.aRead })).status).toBe(403);
  expect((await call("DELETE", `/v1/domains/${name}/records/${created[2].id}`, { key: k.a })).status).toBe(204);
  expect((await call("GET", `/v1/domains/${name}/records/${created[2].id}`, { key: k.a })).status).toBe(404);
  expect((await call("DELETE", `/v1/domains/${name}/records/${created[2].id}`, { key: k.a })).status).toBe(404);

  // Deleting the domain takes its records with it; the same name added again starts empty.
  expect((await call("DELETE", `/v1/domains/${name}`, { key: k.a })).status).toBe(204);
  expect((await call("GET", `/v1/domains/${name}/records`, { key: k.a })).status).toBe(404);
  await domain(k.a, name);
  expect(made((await call("GET", `/v1/domains/${name}/records`, { key: k.a })).body.records)).toEqual([]);
  expect((await call("GET", `/v1/domains/${name}/records/${created[0].id}`, { key: k.a })).status).toBe(404);
});

test("records: every rule → 400 invalid_body naming the field", async () => {
  const k = await freshKeys("domains spec");
  const { name } = await domain(k.a);
  const cases: [Record<string, unknown>, string, RegExp?][] = [
    // A
    [{ type: "A", name: "@", value: "01.2.3.4" }, "value", /IPv4/],
    [{ type: "A", name: "@", value: "256.1.1.1" }, "value", /IPv4/],
    [{ type: "A", name: "@", value: "1.2.3" }, "value", /IPv4/],
    [{ type: "A", name: "@", value: "2001:db8::1" }, "value", /IPv4/],
    [{ type: "A", name: "@", value: "example.com" }, "value", /IPv4/],
    // AAAA
    [{ type: "AAAA", name: "@", value: "1.2.3.4" }, "value", /IPv6/],
    [{ type: "AAAA", name: "@", value: "2001:db8:::1" }, "value", /IPv6/],
    [{ type: "AAAA", name: "@", value: "fe80::1%eth0" }, "value", /IPv6/],
    // CNAME
    [{ type: "CNAME", name: "@", value: "target.example.net" }, "name", /`@`/],
    [{ type: "CNAME", name: "www", value: "not a host" }, "value"],
    [{ type: "CNAME", name: "www", value: "1.2.3.4" }, "value", /IP address/],
    [{ type: "CNAME", name: "www", value: `www.${name}` }, "value", /itself/],
    [{ type: "CNAME", name: "www", value: "localhost" }, "value", /two labels/],
    // TXT
    [{ type: "TXT", name: "@", value: "" }, "value", /empty/],
    [{ type: "TXT", name: "@", value: "two\nlines" }, "value", /printable/],
    [{ type: "TXT", name: "@", value: "x".repeat(2049) }, "value", /2048/],
    // MX
    [{ type: "MX", name: "@", value: "mx.example.net" }, "priority", /priority/],
    [{ type: "MX", name: "@", value: "mx.example.net", priority: 65536 }, "priority"],
    [{ type: "MX", name: "@", value: "mx.example.net", priority: -1 }, "priority"],
    [{ type: "MX", name: "@", value: "mx.example.net", priority: "10" }, "priority"],
    [{ type: "MX", name: "@", value: "10 mx.example.net", priority: 10 }, "value", /host name/],
    [{ type: "MX", name: "@", value: "192.0.2.1", priority: 10 }, "value", /IP address/],
    [{ type: "A", name: "@", value: "1.2.3.4", priority: 10 }, "priority", /Only MX/],
    // name
    [{ type: "A", name: "", value: "1.2.3.4" }, "name", /`@`/],
    [{ type: "A", name: "-www", value: "1.2.3.4" }, "name", /`-`/],
    [{ type: "A", name: "w w", value: "1.2.3.4" }, "name"],
    [{ type: "A", name: "a..b", value: "1.2.3.4" }, "name", /empty label/],
    [{ type: "A", name: "dev.*", value: "1.2.3.4" }, "name", /`\*`/],
    [{ type: "A", name: `www.${name}`, value: "1.2.3.4" }, "name", /send `www`/],
    [{ type: "A", name: "www.other.org.", value: "1.2.3.4" }, "name", /absolute/],
    [{ type: "A", name: "a".repeat(64), value: "1.2.3.4" }, "name", /63/],
    [{ type: "A", value: "1.2.3.4" }, "name"],
    // ttl, type, unknown fields
    [{ type: "A", name: "@", value: "1.2.3.4", ttl: 59 }, "ttl"],
    [{ type: "A", name: "@", value: "1.2.3.4", ttl: 86401 }, "ttl"],
    [{ type: "A", name: "@", value: "1.2.3.4", ttl: 300.5 }, "ttl"],
    [{ type: "A", name: "@", value: "1.2.3.4", ttl: "300" }, "ttl"],
    [{ type: "SRV", name: "@", value: "x" }, "type"],
    [{ type: "a", name: "@", value: "1.2.3.4" }, "type"],
    [{ type: "A", name: "@", value: "1.2.3.4", proxied: true }, "proxied"],
  ];
  for (const [body, param, message] of cases) {
    const res = await addRecord(k.a, name, body);
    const label = JSON.stringify(body).slice(0, 80);
    expect(res.status, label).toBe(400);
    expect(res.body.error, label).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param });
    if (message) expect(res.body.error.message, label).toMatch(message);
  }
  // Nothing was stored by any of them.
  expect(made((await call("GET", `/v1/domains/${name}/records`, { key: k.a })).body.records)).toEqual([]);
  // Limits that are accepted.
  for (const body of [
    { type: "TXT", name: "long", value: "x".repeat(2048) },
    { type: "MX", name: "@", value: "mx.example.net", priority: 0 },
    { type: "MX", name: "@", value: "mx2.example.net", priority: 65535 },
    { type: "A", name: "a".repeat(63), value: "1.2.3.4", ttl: 60 },
    { type: "A", name: "b", value: "1.2.3.4", ttl: 86400 },
  ]) {
    expect((await addRecord(k.a, name, body)).status, JSON.stringify(body).slice(0, 60)).toBe(201);
  }
});

test("a CNAME stands alone at its name, and exact duplicates are refused (409)", async () => {
  const k = await freshKeys("domains spec");
  const { name } = await domain(k.a);
  expect((await addRecord(k.a, name, { type: "A", name: "www", value: "1.2.3.4" })).status).toBe(201);
  const beside = await addRecord(k.a, name, { type: "CNAME", name: "www", value: "target.example.net" });
  expect(beside.status).toBe(409);
  expect(beside.body.error).toMatchObject({ code: "conflict", param: "name" });
  expect(beside.body.error.message).toMatch(/already has A records/);

  expect((await addRecord(k.a, name, { type: "CNAME", name: "app", value: "target.example.net" })).status).toBe(201);
  for (const body of [
    { type: "A", name: "app", value: "1.2.3.4" },
    { type: "TXT", name: "APP", value: "hello" },
    { type: "MX", name: "app", value: "mx.example.net", priority: 5 },
    { type: "CNAME", name: "app", value: "other.example.net" },
  ]) {
    const res = await addRecord(k.a, name, body);
    expect(res.status, body.type).toBe(409);
    expect(res.body.error.message).toMatch(/has a CNAME/);
  }
  // Other records share a name freely; the very same record twice does not.
  expect((await addRecord(k.a, name, { type: "A", name: "www", value: "1.2.3.5" })).status).toBe(201);
  expect((await addRecord(k.a, name, { type: "TXT", name: "www", value: "hi" })).status).toBe(201);
  const twice = await addRecord(k.a, name, { type: "A", name: "www", value: "1.2.3.4", ttl: 60 });
  expect(twice.status).toBe(409);
  expect(twice.body.error.message).toMatch(/already exists/);
  // The same CNAME name in another domain of the project is another name.
  const other = await domain(k.a);
  expect((await addRecord(k.a, other.name, { type: "A", name: "app", value: "1.2.3.4" })).status).toBe(201);
});

test("racing a CNAME against another record at one name: exactly one wins", async () => {
  const k = await freshKeys("domains spec");
  const { name } = await domain(k.a);
  const results = await Promise.all([
    addRecord(k.a, name, { type: "CNAME", name: "race", value: "target.example.net" }),
    addRecord(k.a, name, { type: "A", name: "race", value: "1.2.3.4" }),
    addRecord(k.a, name, { type: "CNAME", name: "race", value: "other.example.net" }),
    addRecord(k.a, name, { type: "TXT", name: "race", value: "x" }),
  ]);
  const records = made((await call("GET", `/v1/domains/${name}/records`, { key: k.a })).body.records as { type: string }[]);
  expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  if (records.some((r) => r.type === "CNAME")) expect(records).toHaveLength(1);
  else expect(records.map((r) => r.type).sort()).toEqual(["A", "TXT"]);
});

test("another project's domains and records: not listed, not readable, not deletable (404)", async () => {
  const k = await freshKeys("domains spec");
  const mine = await domain(k.a);
  const record = (await addRecord(k.a, mine.name, { type: "A", name: "www", value: "1.2.3.4" })).body.record;

  const listed = await call("GET", "/v1/domains?limit=100", { key: k.b });
  expect(listed.body.domains.some((d: { id: string }) => d.id === mine.id)).toBe(false);
  const attempts: [string, string, unknown?][] = [
    ["GET", `/v1/domains/${mine.name}`],
    ["DELETE", `/v1/domains/${mine.name}`],
    ["GET", `/v1/domains/${mine.name}/records`],
    ["POST", `/v1/domains/${mine.name}/records`, { type: "A", name: "evil", value: "6.6.6.6" }],
    ["GET", `/v1/domains/${mine.name}/records/${record.id}`],
    ["DELETE", `/v1/domains/${mine.name}/records/${record.id}`],
  ];
  for (const [method, path, body] of attempts) {
    const res = await call(method, path, { key: k.b, body });
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "not_found" });
    // The answer repeats neither the name nor the id: a 404 tells nothing about A.
    expect(res.text).not.toContain(mine.name);
    expect(res.text).not.toContain(record.id);
  }
  // B adds the same name to its own project: A's record is still not reachable through it.
  await domain(k.b, mine.name);
  expect(made((await call("GET", `/v1/domains/${mine.name}/records`, { key: k.b })).body.records)).toEqual([]);
  expect((await call("GET", `/v1/domains/${mine.name}/records/${record.id}`, { key: k.b })).status).toBe(404);
  expect((await call("DELETE", `/v1/domains/${mine.name}/records/${record.id}`, { key: k.b })).status).toBe(404);
  expect((await call("DELETE", `/v1/domains/${mine.name}`, { key: k.b })).status).toBe(204);

  // A's domain and record are untouched.
  expect((await call("GET", `/v1/domains/${mine.name}/records/${record.id}`, { key: k.a })).body).toEqual({ record });
  // Nor can A reach a record of its own under another of its domains.
  const second = await domain(k.a);
  expect((await call("GET", `/v1/domains/${second.name}/records/${record.id}`, { key: k.a })).status).toBe(404);
});

test("domain lists paginate newest first; other methods are 405", async () => {
  const k = await freshKeys("domains spec");
  const made = [await domain(k.b), await domain(k.b), await domain(k.b)].map((d) => d.id);
  const first = await call("GET", "/v1/domains?limit=2", { key: k.b });
  expect(first.body.domains).toHaveLength(2);
  expect(first.body.next_cursor).toBe(first.body.domains[1].id);
  const second = await call("GET", `/v1/domains?limit=100&cursor=${first.body.next_cursor}`, { key: k.b });
  const ids = [...first.body.domains, ...second.body.domains].map((d: { id: string }) => d.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort().reverse()).toEqual(ids);
  expect(ids).toEqual(expect.arrayContaining(made));
  expect((await call("GET", "/v1/domains?limit=0", { key: k.b })).body.error).toMatchObject({ code: "invalid_body", param: "limit" });
  expect((await call("GET", "/v1/domains/nope.example/records?cursor=", { key: k.b })).body.error).toMatchObject({ param: "cursor" });
  for (const [method, path] of [["PUT", "/v1/domains"], ["PATCH", "/v1/domains/x.example"], ["PUT", "/v1/domains/x.example/records"], ["POST", "/v1/domains/x.example/records/rec_x"], ["PUT", "/v1/domains/x.example/records/rec_x"]]) {
    const res = await call(method, path, { key: k.b, body: {} });
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.body.error.code).toBe("method_not_allowed");
  }
});

test("PATCH a record: name, value, TTL, priority, checked as on create; the same PATCH twice answers the same", async () => {
  const k = await freshKeys("domains spec");
  const { name } = await domain(k.a);
  const path = (id: string) => `/v1/domains/${name}/records/${id}`;
  const a = (await addRecord(k.a, name, { type: "A", name: "www", value: "203.0.113.10", ttl: 3600 })).body.record;

  const moved = await call("PATCH", path(a.id), { key: k.a, body: { value: " 203.0.113.20 ", ttl: 300 } });
  expect(moved.status, moved.text).toBe(200);
  expect(moved.body.record).toEqual({ ...a, value: "203.0.113.20", ttl: 300 });
  const again = await call("PATCH", path(a.id), { key: k.a, body: { value: "203.0.113.20", ttl: 300 } });
  expect(again.status).toBe(200);
  expect(again.body).toEqual(moved.body);
  expect((await call("GET", path(a.id), { key: k.aRead })).body).toEqual(moved.body);

  const renamed = await call("PATCH", path(a.id), { key: k.a, body: { name: "api.eu" } });
  expect(renamed.body.record).toMatchObject({ id: a.id, name: "api.eu", fqdn: `api.eu.${name}`, value: "203.0.113.20" });

  // The rules of a new record, each naming the field.
  const refused = async (body: Record<string, unknown>, param: string, code = "invalid_body", status = 400) => {
    const res = await call("PATCH", path(a.id), { key: k.a, body });
    expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(status);
    expect(res.body.error).toMatchObject({ code, param });
  };
  await refused({ value: "203.0.113.999" }, "value");
  await refused({ value: "2001:db8::1" }, "value");
  await refused({ name: `www.${name}` }, "name");
  await refused({ priority: 10 }, "priority");
  await refused({ ttl: 5 }, "ttl");
  await refused({ type: "AAAA" }, "type");
  await refused({ id: "rec_other" }, "id");
  expect((await call("PATCH", path(a.id), { key: k.a, body: {} })).status).toBe(400);

  // Neighbours: a CNAME stands alone, and an exact copy of another record is refused.
  const cname = (await addRecord(k.a, name, { type: "CNAME", name: "shop", value: "shops.example.net", ttl: 3600 })).body.record;
  await refused({ name: "shop" }, "name", "conflict", 409);
  const twin = (await addRecord(k.a, name, { type: "A", name: "api.eu", value: "203.0.113.30", ttl: 3600 })).body.record;
  await refused({ value: "203.0.113.30" }, "value", "conflict", 409);
  expect((await call("PATCH", path(cname.id), { key: k.a, body: { value: "shop.example.org." } })).body.record.value).toBe("shop.example.org");

  // MX: the priority changes alone; the record stays what it was after every refusal above.
  const mx = (await addRecord(k.a, name, { type: "MX", name: "@", value: "mail.example.net", ttl: 3600, priority: 10 })).body.record;
  expect((await call("PATCH", path(mx.id), { key: k.a, body: { priority: 20 } })).body.record).toEqual({ ...mx, priority: 20 });
  expect((await call("GET", path(a.id), { key: k.aRead })).body.record).toEqual(renamed.body.record);
  expect((await call("GET", path(twin.id), { key: k.aRead })).body.record).toEqual(twin);

  // Read keys, other projects and unknown records.
  expect((await call("PATCH", path(a.id), { key: k.aRead, body: { ttl: 600 } })).status).toBe(403);
  expect((await call("PATCH", path(a.id), { key: k.b, body: { ttl: 600 } })).body.error.code).toBe("not_found");
  expect((await call("PATCH", path("rec_01jd0v6x4m8q2r5t7w9y1b3c5e"), { key: k.a, body: { ttl: 600 } })).status).toBe(404);
});

test("a domain's NS and SOA records: written with it, listed, read-only (400 to create, 409 to change or delete)", async () => {
  const k = await freshKeys("domains spec");
  const zone = await domain(k.a);
  expect(zone.name_servers).toEqual(NAME_SERVERS);
  expect((await call("GET", `/v1/domains/${zone.name}`, { key: k.aRead })).body.domain.name_servers).toEqual(NAME_SERVERS);
  const listed = await call("GET", `/v1/domains/${zone.name}/records?limit=100`, { key: k.aRead });
  const kept = listed.body.records as { id: string; type: string; name: string; fqdn: string; value: string; ttl: number; priority: null }[];
  expect(kept.filter((r) => r.type === "NS").map((r) => r.value).sort()).toEqual(NAME_SERVERS);
  const soa = kept.find((r) => r.type === "SOA")!;
  expect(soa).toMatchObject({ name: "@", fqdn: zone.name, priority: null, id: expect.stringMatching(/^rec_[0-9a-z]{26}$/) });
  expect(soa.value).toMatch(/^ns1\.switchyard\.dev hostmaster\.switchyard\.dev \d{10} \d+ \d+ \d+ \d+$/);
  expect(kept.every((r) => r.name === "@")).toBe(true);
  expect(kept).toHaveLength(3);
  // Read one by one like any record; paging walks through them.
  expect((await call("GET", `/v1/domains/${zone.name}/records/${soa.id}`, { key: k.aRead })).body).toEqual({ record: soa });
  const first = await call("GET", `/v1/domains/${zone.name}/records?limit=2`, { key: k.aRead });
  const second = await call("GET", `/v1/domains/${zone.name}/records?limit=2&cursor=${first.body.next_cursor}`, { key: k.aRead });
  expect([...first.body.records, ...second.body.records]).toEqual(kept);
  expect(second.body.next_cursor).toBeNull();

  for (const body of [
    { type: "NS", name: "@", value: "ns.elsewhere.example" },
    { type: "SOA", name: "@", value: "ns.elsewhere.example hostmaster.elsewhere.example 1 2 3 4 5" },
  ]) {
    const res = await addRecord(k.a, zone.name, body);
    expect(res.status, body.type).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param: "type" });
    expect(res.body.error.message).toMatch(new RegExp(`${body.type} records are kept by the service.*read-only`));
  }
  for (const record of kept) {
    const changed = await call("PATCH", `/v1/domains/${zone.name}/records/${record.id}`, { key: k.a, body: { ttl: 60 } });
    expect(changed.status, record.type).toBe(409);
    expect(changed.body.error).toMatchObject({ code: "conflict" });
    expect(changed.body.error.message).toMatch(new RegExp(`This ${record.type} record is kept by the service.*cannot be changed`));
    const deleted = await call("DELETE", `/v1/domains/${zone.name}/records/${record.id}`, { key: k.a });
    expect(deleted.status, record.type).toBe(409);
    expect(deleted.body.error.message).toMatch(/cannot be deleted/);
  }
  expect((await call("GET", `/v1/domains/${zone.name}/records?limit=100`, { key: k.a })).body.records).toEqual(kept);
  // Another project's kept records are as unreachable as any other record.
  expect((await call("DELETE", `/v1/domains/${zone.name}/records/${soa.id}`, { key: k.b })).status).toBe(404);
  // Records at the apex live beside them.
  expect((await addRecord(k.a, zone.name, { type: "A", name: "@", value: "203.0.113.10" })).status).toBe(201);
  expect((await addRecord(k.a, zone.name, { type: "TXT", name: "@", value: "v=spf1 -all" })).status).toBe(201);
});
