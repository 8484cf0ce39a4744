// Billing and usage over REST: the balance summary, the ledger with its cursor pagination, and
// the usage query (range defaults, validation naming the parameter, another workspace's project).
// Other specs may charge workspace A while these run (AI generation), so nothing here assumes an
// empty or idle workspace: cross-checks read a quiet moment (the same answer before and after).
// The sums of usage under random charges are tested in server/billing/usage.test.ts.
import { expect, test } from "@playwright/test";
import { call, type ApiResponse } from "../fixtures/api";
import { trpcMutation } from "../fixtures/console-session";
import { memberKey, newMember } from "../fixtures/new-member";
import { state } from "../fixtures/state";

const utcToday = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const micro = (credits: number) => Math.round(credits * 1_000_000);

type Transaction = { id: string; type: string; amount: number; balance_after: number; description: string; resource: string | null; project_id: string | null; created_at: string };
type Ledger = { transactions: Transaction[]; next_cursor: string | null };
type UsageRow = { day: string; engine: string; project_id: string; requests: number; input_tokens: number; cached_input_tokens: number; output_tokens: number; credits: number };
type Totals = { requests: number; input_tokens: number; cached_input_tokens: number; output_tokens: number; credits: number };
type Usage = { object: string; start: string; end: string; data: UsageRow[]; totals: Totals };

/** The whole ledger, newest first, through pages of 100. */
async function wholeLedger(key: string): Promise<Transaction[]> {
  const entries: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse<Ledger> = await call("GET", `/v1/billing/transactions?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { key });
    expect(page.status).toBe(200);
    entries.push(...page.body.transactions);
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return entries;
}

/** Reads `read` between two equal reads of `probe`: nothing moved meanwhile. */
async function quietly<P, R>(probe: () => Promise<P>, read: () => Promise<R>): Promise<{ before: P; result: R }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const before = await probe();
    const result = await read();
    if (JSON.stringify(await probe()) === JSON.stringify(before)) return { before, result };
  }
  throw new Error("the workspace never stood still for a consistent read");
}

/** The rows of a usage answer are in range, in order, and add up to its totals. */
function expectConsistent(usage: Usage) {
  const keys = usage.data.map((r) => `${r.day} ${r.engine} ${r.project_id}`);
  expect(keys).toEqual([...keys].sort());
  expect(new Set(keys).size).toBe(keys.length);
  for (const row of usage.data) {
    expect(row.day >= usage.start && row.day <= usage.end).toBe(true);
    expect(["fire", "scholar", "advanced", "vision", "sentinel", "compute"]).toContain(row.engine);
    expect(row.project_id).toMatch(/^prj_/);
    expect(row.requests).toBeGreaterThan(0);
  }
  const sum = usage.data.reduce(
    (s, r) => ({
      requests: s.requests + r.requests, input_tokens: s.input_tokens + r.input_tokens, cached_input_tokens: s.cached_input_tokens + r.cached_input_tokens,
      output_tokens: s.output_tokens + r.output_tokens, credits: s.credits + micro(r.credits),
    }),
    { requests: 0, input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, credits: 0 },
  );
  expect(sum).toEqual({ ...usage.totals, credits: micro(usage.totals.credits) });
}

test("GET /v1/billing: balance, reserved, tier starter, discount 0; the balance is the ledger's sum", async () => {
  const { a } = state();
  const res = await call("GET", "/v1/billing", { key: a.readKey });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(Object.keys(res.body).sort()).toEqual(["balance", "discount", "reserved", "tier"]);
  expect(res.body).toMatchObject({ tier: "starter", discount: 0 });
  for (const credits of [res.body.balance, res.body.reserved]) {
    expect(typeof credits).toBe("number");
    expect(micro(credits) / 1_000_000).toBe(credits); // at most 6 decimals
  }
  expect(res.body.reserved).toBeGreaterThanOrEqual(0);
  expect(res.body.reserved).toBeLessThanOrEqual(res.body.balance);

  const summary = async () => (await call("GET", "/v1/billing", { key: a.readKey })).body.balance as number;
  const { before: balance, result: ledger } = await quietly(summary, () => wholeLedger(a.readKey));
  expect(ledger.reduce((s, t) => s + micro(t.amount), 0)).toBe(micro(balance));
  expect(ledger[0].balance_after).toBe(balance);
});

test("GET /v1/billing answers each workspace its own balance and ledger", async () => {
  const { a, b } = state();
  const balanceOf = async (key: string) => (await call("GET", "/v1/billing", { key })).body.balance as number;
  const ofA = await quietly(() => balanceOf(a.readWriteKey), () => wholeLedger(a.readWriteKey));
  const ofB = await quietly(() => balanceOf(b.readKey), () => wholeLedger(b.readKey));
  const idsA = new Set(ofA.result.map((t) => t.id));
  expect(ofB.result.some((t) => idsA.has(t.id))).toBe(false);
  expect(ofA.result[0].balance_after).toBe(ofA.before);
  expect(ofB.result[0].balance_after).toBe(ofB.before);
});

test("GET /v1/billing/transactions lists the starter grant; limit and cursor page through the ledger", async () => {
  const { a } = state();
  const first: ApiResponse<Ledger> = await call("GET", "/v1/billing/transactions", { key: a.readKey });
  expect(first.status).toBe(200);
  expect(Object.keys(first.body).sort()).toEqual(["next_cursor", "transactions"]);
  expect(first.body.transactions.length).toBeLessThanOrEqual(20); // the default limit

  // The oldest entry of a workspace is its starter grant: positive, and the balance after it is it.
  const all = await wholeLedger(a.readKey);
  const grant = all[all.length - 1];
  expect(grant).toMatchObject({ type: "grant", description: "Starter credits", project_id: null, resource: null, balance_after: grant.amount });
  // Every charge names what it paid for: a generation or an instance.
  for (const charge of all.filter((t) => t.type === "charge")) expect(charge.resource).toMatch(/^(gen|ins)_[0-9a-z]{26}$/);
  expect(grant.amount).toBeGreaterThan(0);
  expect(grant.id).toMatch(/^txn_[0-9a-z]{26}$/);
  expect(grant.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const ids = all.map((t) => t.id);
  expect(ids).toEqual([...ids].sort().reverse()); // newest first
  expect(new Set(ids).size).toBe(ids.length);

  // Pages of two over the oldest seven entries (all of them when there are fewer): full pages
  // while next_cursor is set, the cursor is the last id shown, and together they are exactly that
  // part of the whole list. Entries written meanwhile are newer than any cursor, so only a first
  // page without a cursor may show some more, before them.
  const start = Math.max(0, ids.length - 7);
  const paged: string[] = [];
  let cursor: string | null = start > 0 ? ids[start - 1] : null;
  for (let pages = 0; ; pages++) {
    expect(pages).toBeLessThan(50);
    const page: ApiResponse<Ledger> = await call("GET", `/v1/billing/transactions?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { key: a.readKey });
    expect(page.status).toBe(200);
    expect(page.body.transactions.length).toBeLessThanOrEqual(2);
    paged.push(...page.body.transactions.map((t) => t.id));
    cursor = page.body.next_cursor;
    if (cursor === null) break;
    expect(page.body.transactions).toHaveLength(2);
    expect(cursor).toBe(page.body.transactions[1].id);
  }
  const expected = ids.slice(start);
  const newer = paged.length - expected.length;
  expect(newer).toBeGreaterThanOrEqual(0);
  if (start > 0) expect(newer).toBe(0);
  expect(paged.slice(newer)).toEqual(expected);
  expect(paged.slice(0, newer).every((id) => id > ids[0])).toBe(true);

  // Past the oldest entry: an empty last page.
  const past = await call("GET", `/v1/billing/transactions?cursor=${grant.id}`, { key: a.readKey });
  expect(past.body).toEqual({ transactions: [], next_cursor: null });

  for (const [query, param] of [
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["cursor=", "cursor"],
    ["page=2", "page"],
    ["type=bonus", "type"],
    ["project_id=nope", "project_id"],
    ["since=yesterday", "since"],
  ]) {
    const res = await call("GET", `/v1/billing/transactions?${query}`, { key: a.readKey });
    expect(res.status, query).toBe(400);
    expect(res.body.error, query).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param });
  }
});

test("GET /v1/billing/transactions filters by type, project and time", async () => {
  const { a } = state();
  const all = await wholeLedger(a.readKey);
  const grants: ApiResponse<Ledger> = await call("GET", "/v1/billing/transactions?type=grant&limit=100", { key: a.readKey });
  expect(grants.status, grants.text).toBe(200);
  expect(grants.body.transactions.length).toBeGreaterThan(0);
  expect(grants.body.transactions.every((t) => t.type === "grant")).toBe(true);
  expect(grants.body.transactions.map((t) => t.id)).toEqual(all.filter((t) => t.type === "grant").map((t) => t.id).slice(0, 100));
  const first = all.at(-1)!;
  const until: ApiResponse<Ledger> = await call("GET", `/v1/billing/transactions?until=${encodeURIComponent(first.created_at)}&limit=100`, { key: a.readKey });
  expect(until.body.transactions.map((t) => t.id)).toContain(first.id);
  expect(until.body.transactions.every((t) => t.created_at <= first.created_at)).toBe(true);
  const tomorrow = daysBefore(utcToday(), -1);
  expect((await call("GET", `/v1/billing/transactions?since=${tomorrow}`, { key: a.readKey })).body.transactions).toEqual([]);
  const other = await call("GET", "/v1/billing/transactions?project_id=prj_00000000000000000000000000", { key: a.readKey });
  expect(other.body.transactions).toEqual([]);
});

test("GET /api/public/v1/usage: shape, and the default range is the 30 days ending today (UTC)", async () => {
  const { a } = state();
  let before: string;
  let res: ApiResponse<Usage>;
  do {
    before = utcToday();
    res = await call("GET", "/api/public/v1/usage", { key: a.readKey });
  } while (before !== utcToday()); // a request across midnight UTC tries again
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(["data", "end", "object", "start", "totals"]);
  expect(res.body).toMatchObject({ object: "usage", start: daysBefore(before, 29), end: before });
  expect(Object.keys(res.body.totals).sort()).toEqual(["cached_input_tokens", "credits", "input_tokens", "output_tokens", "requests"]);
  expectConsistent(res.body);
});

test("GET /api/public/v1/usage: the credits used in the last 30 days are the ledger's charges", async () => {
  const { a } = state();
  const usage = async () => (await call<Usage>("GET", "/api/public/v1/usage", { key: a.readKey })).body;
  const { before, result: ledger } = await quietly(usage, () => wholeLedger(a.readKey));
  const since = daysBefore(utcToday(), 29);
  const charged = ledger.filter((t) => t.type === "charge" && t.created_at.slice(0, 10) >= since).reduce((s, t) => s - micro(t.amount), 0);
  expect(micro(before.totals.credits)).toBe(charged);
});

test("GET /api/public/v1/usage: explicit range, filters, and the workspace's own project", async () => {
  const { a } = state();
  const ranged = await call<Usage>("GET", "/api/public/v1/usage?start=2001-01-01&end=2001-12-31", { key: a.readKey });
  expect(ranged.status).toBe(200);
  expect(ranged.body).toEqual({ object: "usage", start: "2001-01-01", end: "2001-12-31", data: [], totals: { requests: 0, input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, credits: 0 } });
  const endOnly = await call<Usage>("GET", "/api/public/v1/usage?end=2026-03-10", { key: a.readKey });
  expect(endOnly.body).toMatchObject({ start: "2026-02-09", end: "2026-03-10" });
  expectConsistent(endOnly.body);
  const own = await call<Usage>("GET", `/api/public/v1/usage?project_id=${a.projectId}&engine=scholar`, { key: a.readWriteKey });
  expect(own.status).toBe(200);
  expectConsistent(own.body);
  expect(own.body.data.every((r) => r.project_id === a.projectId && r.engine === "scholar")).toBe(true);
  const compute = await call<Usage>("GET", "/api/public/v1/usage?engine=compute", { key: a.readKey });
  expect(compute.status).toBe(200);
  expect(compute.body.data.every((r) => r.engine === "compute")).toBe(true);
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

// Issue 38, row 5: the ledger is an admin's in the console, but any read key's
// GET /v1/billing/transactions returned the whole workspace's, other projects' charges included.
test("a key's ledger holds its own project's charges and the workspace's grants, never another project's", async () => {
  const member = await newMember("ledger", { verified: true });
  const spender = await memberKey(member);
  const made = await trpcMutation(member.cookie, "projects.create", { name: "Other project" });
  expect(made.status, made.message).toBe(200);
  const other = await trpcMutation(member.cookie, "apiKeys.create", { projectId: made.data.id, name: "other read", scope: "read" });
  expect(other.status, other.message).toBe(200);
  const charged = await call("POST", "/api/public/v1/ai/completions", { key: spender, body: { prompt: "hello", max_output_tokens: 16 } });
  expect(charged.status, charged.text).toBe(200);
  const seen = (key: string) => call("GET", "/v1/billing/transactions?limit=100", { key });
  const own = await seen(spender);
  expect(own.body.transactions.some((t: Transaction) => t.resource === charged.body.id && t.project_id === member.projectId)).toBe(true);
  const elsewhere = await seen(other.data.key);
  expect(elsewhere.status).toBe(200);
  expect(elsewhere.body.transactions.map((t: Transaction) => t.project_id).filter((p: string | null) => p !== null && p !== made.data.id)).toEqual([]);
  expect(elsewhere.body.transactions.some((t: Transaction) => t.type === "grant")).toBe(true);
});
