// Billing and usage over REST: the balance summary, the ledger with its cursor pagination, and
// the usage query (range defaults, validation naming the parameter, another workspace's project).
// Nothing can be charged over HTTP yet, so usage is empty here; its sums are tested in
// server/billing/usage.test.ts.
import { expect, test } from "@playwright/test";
import { call, type ApiResponse } from "../fixtures/api";
import { state } from "../fixtures/state";

const utcToday = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

type Transaction = { id: string; type: string; amount: number; balance_after: number; description: string; project_id: string | null; created_at: string };
type Ledger = { transactions: Transaction[]; next_cursor: string | null };

test("GET /v1/billing: balance, reserved, tier starter, discount 0; the balance is the ledger's sum", async () => {
  const { a } = state();
  const res = await call("GET", "/v1/billing", { key: a.readKey });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(Object.keys(res.body).sort()).toEqual(["balance", "discount", "reserved", "tier"]);
  expect(res.body).toMatchObject({ tier: "starter", discount: 0, reserved: 0 });
  expect(typeof res.body.balance).toBe("number");
  expect(res.body.balance).toBeGreaterThan(0);

  const ledger = await call<Ledger>("GET", "/v1/billing/transactions?limit=100", { key: a.readKey });
  const sum = ledger.body.transactions.reduce((s, t) => s + Math.round(t.amount * 1_000_000), 0);
  expect(Math.round(res.body.balance * 1_000_000)).toBe(sum);
  expect(ledger.body.transactions[0].balance_after).toBe(res.body.balance);
});

test("GET /v1/billing answers each workspace its own balance", async () => {
  const { a, b } = state();
  const [ofA, ofB] = await Promise.all([call("GET", "/v1/billing", { key: a.readWriteKey }), call("GET", "/v1/billing", { key: b.readKey })]);
  const [ledgerA, ledgerB] = await Promise.all([
    call<Ledger>("GET", "/v1/billing/transactions?limit=100", { key: a.readWriteKey }),
    call<Ledger>("GET", "/v1/billing/transactions?limit=100", { key: b.readKey }),
  ]);
  const idsA = new Set(ledgerA.body.transactions.map((t) => t.id));
  expect(ledgerB.body.transactions.some((t) => idsA.has(t.id))).toBe(false);
  expect(ofA.body.balance).toBe(ledgerA.body.transactions[0].balance_after);
  expect(ofB.body.balance).toBe(ledgerB.body.transactions[0].balance_after);
});

test("GET /v1/billing/transactions lists the starter grant; limit and cursor page through the ledger", async () => {
  const { a } = state();
  const all = await call<Ledger>("GET", "/v1/billing/transactions?limit=100", { key: a.readKey });
  expect(all.status).toBe(200);
  expect(Object.keys(all.body).sort()).toEqual(["next_cursor", "transactions"]);
  expect(all.body.next_cursor).toBeNull();
  const grant = all.body.transactions.find((t) => t.type === "grant");
  expect(grant).toBeDefined();
  expect(grant!.amount).toBeGreaterThan(0);
  expect(grant!.id).toMatch(/^txn_[0-9a-z]{26}$/);
  expect(grant!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  expect(grant!.balance_after).toBeGreaterThanOrEqual(grant!.amount);
  // The oldest entry of a workspace is its starter grant: its balance after is its amount.
  const oldest = all.body.transactions[all.body.transactions.length - 1];
  expect(oldest).toMatchObject({ type: "grant", balance_after: oldest.amount });
  // Newest first.
  const ids = all.body.transactions.map((t) => t.id);
  expect(ids).toEqual([...ids].sort().reverse());

  // Pages of one: each the next older entry, next_cursor the last id shown, null on the last page.
  const paged: string[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse<Ledger> = await call("GET", `/v1/billing/transactions?limit=1${cursor ? `&cursor=${cursor}` : ""}`, { key: a.readKey });
    expect(page.status).toBe(200);
    expect(page.body.transactions).toHaveLength(1);
    paged.push(page.body.transactions[0].id);
    cursor = page.body.next_cursor;
    if (cursor !== null) expect(cursor).toBe(page.body.transactions[0].id);
    expect(paged.length).toBeLessThanOrEqual(ids.length);
  } while (cursor !== null);
  expect(paged).toEqual(ids);

  // Past the oldest entry: an empty page.
  const past = await call("GET", `/v1/billing/transactions?cursor=${oldest.id}`, { key: a.readKey });
  expect(past.body).toEqual({ transactions: [], next_cursor: null });

  for (const [query, param] of [
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["cursor=", "cursor"],
    ["page=2", "page"],
  ]) {
    const res = await call("GET", `/v1/billing/transactions?${query}`, { key: a.readKey });
    expect(res.status, query).toBe(400);
    expect(res.body.error, query).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param });
  }
});

test("GET /api/public/v1/usage: shape, and the default range is the 30 days ending today (UTC)", async () => {
  const { a } = state();
  let before: string;
  let res: ApiResponse;
  do {
    before = utcToday();
    res = await call("GET", "/api/public/v1/usage", { key: a.readKey });
  } while (before !== utcToday()); // a request across midnight UTC tries again
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(["data", "end", "object", "start", "totals"]);
  expect(res.body).toEqual({
    object: "usage",
    start: daysBefore(before, 29),
    end: before,
    data: [],
    totals: { requests: 0, input_tokens: 0, output_tokens: 0, credits: 0 },
  });
});

test("GET /api/public/v1/usage: explicit range, filters, and the workspace's own project", async () => {
  const { a } = state();
  const ranged = await call("GET", "/api/public/v1/usage?start=2025-01-01&end=2026-01-01", { key: a.readKey });
  expect(ranged.status).toBe(200);
  expect(ranged.body).toMatchObject({ object: "usage", start: "2025-01-01", end: "2026-01-01", data: [] });
  const endOnly = await call("GET", "/api/public/v1/usage?end=2026-03-10", { key: a.readKey });
  expect(endOnly.body).toMatchObject({ start: "2026-02-09", end: "2026-03-10" });
  const own = await call("GET", `/api/public/v1/usage?project_id=${a.projectId}&engine=scholar`, { key: a.readWriteKey });
  expect(own.status).toBe(200);
  expect(own.body).toMatchObject({ object: "usage", data: [], totals: { requests: 0 } });
  const compute = await call("GET", "/api/public/v1/usage?engine=compute", { key: a.readKey });
  expect(compute.status).toBe(200);
});

test("GET /api/public/v1/usage: another workspace's project → 404 not_found", async () => {
  const { a, b } = state();
  for (const [key, projectId] of [
    [a.readKey, b.projectId],
    [b.readKey, a.projectId],
    [a.readKey, "prj_01aaaaaaaaaaaaaaaaaaaaaaaa"],
  ]) {
    const res = await call("GET", `/api/public/v1/usage?project_id=${projectId}`, { key });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "not_found", param: "project_id" });
    expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
  }
});

test("GET /api/public/v1/usage: bad query parameters → 400 invalid_body naming the parameter", async () => {
  const { a } = state();
  for (const [query, param] of [
    ["start=2026-02-30", "start"],
    ["start=2026-1-5", "start"],
    ["end=yesterday", "end"],
    ["start=2026-13-01", "start"],
    ["start=2026-03-02&end=2026-03-01", "start"],
    ["start=2024-12-31&end=2026-01-01", "end"],
    ["engine=gpt-4", "engine"],
    ["project_id=", "project_id"],
    ["projectId=x", "projectId"],
  ]) {
    const res = await call("GET", `/api/public/v1/usage?${query}`, { key: a.readKey });
    expect(res.status, query).toBe(400);
    expect(res.headers.get("content-type"), query).toContain("application/json");
    expect(res.body.error, query).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param });
    expect(res.body.error.message, query).toContain(param);
  }
});
