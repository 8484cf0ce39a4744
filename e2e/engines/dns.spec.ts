// Domains on PowerDNS, from outside: a domain's records answer the name server (Node's resolver
// pointed at it) once the domain says `served`; a changed record answers its new value, a deleted
// one no longer answers, and a deleted domain is refused by the name server.
import { Resolver } from "node:dns/promises";
import { expect, test } from "@playwright/test";
import { engineServer, requireEngines, type EngineServer } from "../fixtures/engines";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 82;
// One server for the file: its tests run one after the other.
test.describe.configure({ mode: "serial" });

let cloud: EngineServer;
let resolver: Resolver;

test.beforeAll(async () => {
  const settings = requireEngines();
  cloud = await engineServer("engines_dns", PORT, "25440-25449");
  resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([settings.DNS_SERVER]);
});
test.afterAll(async () => {
  await cloud?.drop();
});

const answers = (work: () => Promise<unknown>) => async () => {
  try {
    return await work();
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

test("records answer the name server; changes and deletions reach it", async () => {
  const zone = `e2e-${Date.now().toString(36)}.example.com`;
  const made = await cloud.call("POST", "/v1/domains", { name: zone });
  expect(made.status).toBe(201);
  await expect.poll(async () => (await cloud.call("GET", `/v1/domains/${zone}`)).body.domain.served, { timeout: 15_000 }).toBe(true);
  expect((await resolver.resolveNs(zone)).sort()).toEqual([...made.body.domain.name_servers].sort());
  expect((await resolver.resolveSoa(zone)).nsname).toBe(made.body.domain.name_servers[0]);

  const add = (body: object) => cloud.call("POST", `/v1/domains/${zone}/records`, body);
  const www = await add({ type: "A", name: "www", value: "203.0.113.10", ttl: 300 });
  expect(www.status).toBe(201);
  expect((await add({ type: "AAAA", name: "www", value: "2001:db8::10", ttl: 300 })).status).toBe(201);
  expect((await add({ type: "CNAME", name: "docs", value: `www.${zone}`, ttl: 300 })).status).toBe(201);
  expect((await add({ type: "MX", name: "@", value: `mail.${zone}`, ttl: 300, priority: 10 })).status).toBe(201);
  expect((await add({ type: "TXT", name: "@", value: "v=spf1 -all", ttl: 300 })).status).toBe(201);

  await expect.poll(answers(() => resolver.resolve4(`www.${zone}`)), { timeout: 15_000 }).toEqual(["203.0.113.10"]);
  await expect.poll(answers(() => resolver.resolveTxt(zone)), { timeout: 15_000 }).toEqual([["v=spf1 -all"]]);
  expect(await resolver.resolve6(`www.${zone}`)).toEqual(["2001:db8::10"]);
  expect(await resolver.resolveCname(`docs.${zone}`)).toEqual([`www.${zone}`]);
  expect(await resolver.resolveMx(zone)).toEqual([{ exchange: `mail.${zone}`, priority: 10 }]);

  expect((await cloud.call("PATCH", `/v1/domains/${zone}/records/${www.body.record.id}`, { value: "203.0.113.99" })).status).toBe(200);
  await expect.poll(answers(() => resolver.resolve4(`www.${zone}`)), { timeout: 15_000 }).toEqual(["203.0.113.99"]);
  expect((await cloud.call("DELETE", `/v1/domains/${zone}/records/${www.body.record.id}`)).status).toBe(204);
  await expect.poll(answers(() => resolver.resolve4(`www.${zone}`)), { timeout: 15_000 }).toBe("ENODATA");

  expect((await cloud.call("DELETE", `/v1/domains/${zone}`)).status).toBe(204);
  await expect.poll(answers(() => resolver.resolveSoa(zone)), { timeout: 15_000 }).toBe("EREFUSED");
});

test("a domain another account serves here is refused, saying why", async () => {
  const zone = `e2e-taken-${Date.now().toString(36)}.example.com`;
  expect((await cloud.call("POST", "/v1/domains", { name: zone })).status).toBe(201);
  const refused = await cloud.callAsOther("POST", "/v1/domains", { name: zone });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatchObject({ code: "conflict", param: "name" });
  expect(refused.body.error.message).toContain("another account");
  expect((await cloud.call("DELETE", `/v1/domains/${zone}`)).status).toBe(204);
});
