// Compute hours over real HTTP, on a server of its own whose biller runs every 60 s (the default):
// instances deleted or powered off right after they became running are still charged their first
// hour, once each; the balance falls by exactly what the ledger charged; hours count on the
// creating key's monthly limit (a key with a limit of 0 creates nothing).
import { expect, test } from "@playwright/test";
import { openSshKey } from "../fixtures/cloud";
import { api, ownAccount, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 28;
const HOURLY = 0.01; // s-1vcpu-1gb

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let drop: () => Promise<void>;
let root = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("compute-hours");
  drop = database.drop;
  const env = { ...database.env, COMPUTE_BILLING_SECONDS: "60", COMPUTE_DRIVER_SPEED: "0.02", LOG_LEVEL: "warn" };
  root = ownAccount(env, "compute-hours").key;
  server = ownServer(PORT, env, "compute-hours.log");
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const call = (method: string, path: string, key: string, body?: unknown) => api(server.base, method, path, key, body);

async function waitFor(key: string, id: string, status: string) {
  await expect.poll(async () => (await call("GET", `/v1/instances/${id}`, key)).body.instance.status, { timeout: 30_000, intervals: [50] }).toBe(status);
}

async function chargesOf(key: string): Promise<Map<string, number>> {
  const byInstance = new Map<string, number>();
  const res = await call("GET", "/v1/billing/transactions?limit=100", key);
  expect(res.status).toBe(200);
  for (const entry of res.body.transactions as { type: string; resource: string | null; amount: number }[]) {
    if (entry.type === "charge" && entry.resource?.startsWith("ins_")) byInstance.set(entry.resource, (byInstance.get(entry.resource) ?? 0) - entry.amount);
  }
  return byInstance;
}

test("5 instances deleted right after running and 1 powered off are each charged their first hour, once; the balance reconciles", async () => {
  test.setTimeout(120_000);
  const made = await call("POST", "/v1/api_keys", root, { name: "compute", scope: "read_write", monthly_credit_limit: 1 });
  expect(made.status).toBe(201);
  const key = made.body.key as string;
  const keyId = made.body.api_key.id as string;
  const ssh = await call("POST", "/v1/ssh_keys", key, { name: "k", public_key: openSshKey() });
  expect(ssh.status).toBe(201);
  const before = (await call("GET", "/v1/billing", key)).body.balance as number;

  const create = async (i: number) => {
    const res = await call("POST", "/v1/instances", key, { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: ssh.body.ssh_key.id, hostname: `leak-${i}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.body.instance.id as string;
  };
  const deleted = await Promise.all(
    [0, 1, 2, 3, 4].map(async (i) => {
      const id = await create(i);
      await waitFor(key, id, "running");
      expect((await call("DELETE", `/v1/instances/${id}`, key)).status).toBe(202);
      await waitFor(key, id, "deleted");
      return id;
    }),
  );
  const stopped = await create(5);
  await waitFor(key, stopped, "running");
  expect((await call("POST", `/v1/instances/${stopped}/actions`, key, { type: "power_off" })).status).toBe(202);
  await waitFor(key, stopped, "stopped");

  const charges = await chargesOf(key);
  const charged = [...deleted, stopped].filter((id) => charges.has(id));
  test.info().annotations.push({ type: "charged", description: `${charged.length} of 6 instances charged (${6 - charged.length} ran free)` });
  console.log(`compute hours: ${charged.length} of 6 instances charged, ${6 - charged.length} ran their started hour free`);
  expect(charged).toHaveLength(6);
  for (const id of [...deleted, stopped]) expect(charges.get(id)).toBeCloseTo(HOURLY, 9);

  const after = (await call("GET", "/v1/billing", key)).body.balance as number;
  expect(before - after).toBeCloseTo(6 * HOURLY, 9);
  const view = (await call("GET", `/v1/api_keys/${keyId}`, root)).body.api_key;
  expect(view.credits_used_this_month).toBeCloseTo(6 * HOURLY, 9);
});

test("a key with a monthly limit of 0 cannot create an instance: 402 key_credit_limit_reached", async () => {
  const made = await call("POST", "/v1/api_keys", root, { name: "no budget", scope: "read_write", monthly_credit_limit: 0 });
  const key = made.body.key as string;
  const ssh = await call("POST", "/v1/ssh_keys", key, { name: "k0", public_key: openSshKey() });
  const res = await call("POST", "/v1/instances", key, { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: ssh.body.ssh_key.id, hostname: "nobudget" });
  expect(res.status).toBe(402);
  expect(res.body.error).toMatchObject({ type: "billing_error", code: "key_credit_limit_reached", limit: 0, used: 0, required: HOURLY });
  const listed = (await call("GET", "/v1/instances?limit=100", key)).body.instances as { hostname: string }[];
  expect(listed.filter((instance) => instance.hostname === "nobudget")).toHaveLength(0);
});
