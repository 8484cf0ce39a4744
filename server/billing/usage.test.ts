// Usage reads what the charges wrote: seeded random charges through reserve + settle, then
// usageOf under many filters against sums kept on the side; and the usage query's validation.
import { describe, expect, it } from "vitest";
import { productIds } from "../vocab/products";
import { db } from "../db";
import { AppError } from "../errors";
import { parseQuery } from "../http/parse-body";
import { newId } from "../ids";
import { newWorkspace } from "../../test/kits/workspaces";
import { toCredits, toMicro } from "./credits";
import { reserve, settle } from "./reservations";
import { usageQuery } from "./schema";
import { usageOf } from "./usage";

/** mulberry32: a tiny seeded PRNG, so a failing run can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)];
  return { next, int, pick };
}

// Written out by hand (not computed with the code under test); they cross a year end, the end of
// a 28-day February, and a leap day.
const windows = [
  ["2025-12-27", "2025-12-28", "2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"],
  ["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"],
  ["2028-02-25", "2028-02-26", "2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01", "2028-03-02", "2028-03-03", "2028-03-04", "2028-03-05"],
];

const engines = [...productIds, "compute"];
const LAST_MS = 86_400_000 - 1; // 23:59:59.999

type Charge = { day: string; projectId: string; engine: string; inputTokens: number; outputTokens: number; credits: bigint };
type Sums = { requests: number; input_tokens: number; output_tokens: number; credits: bigint };
type Filter = { start: string; end: string; projectId?: string; engine?: string };

const zero = (): Sums => ({ requests: 0, input_tokens: 0, output_tokens: 0, credits: 0n });
function add(sums: Sums, charge: Charge) {
  sums.requests += 1;
  sums.input_tokens += charge.inputTokens;
  sums.output_tokens += charge.outputTokens;
  sums.credits += charge.credits;
}

/** One charge through the real path: reserve, then settle with the usage. Returns what settle charged. */
async function chargeOnce(workspaceId: string, charge: Omit<Charge, "credits">, at: Date, held: bigint, actual: bigint): Promise<bigint> {
  const reservation = await reserve(workspaceId, held, 60);
  const settled = await settle(reservation, actual, { projectId: charge.projectId, engine: charge.engine, inputTokens: charge.inputTokens, outputTokens: charge.outputTokens, at, resource: "gen_test", description: "Generation gen_test" });
  expect(settled.status).toBe("settled");
  return settled.charged;
}

/** What usageOf should answer, computed from the list of charges (days compare as strings). */
function expected(charges: Charge[], filter: Filter) {
  const rows = new Map<string, { day: string; engine: string; project_id: string; sums: Sums }>();
  const totals = zero();
  for (const c of charges) {
    if (c.day < filter.start || c.day > filter.end) continue;
    if (filter.projectId && c.projectId !== filter.projectId) continue;
    if (filter.engine && c.engine !== filter.engine) continue;
    const key = `${c.day} ${c.engine} ${c.projectId}`;
    const row = rows.get(key) ?? { day: c.day, engine: c.engine, project_id: c.projectId, sums: zero() };
    add(row.sums, c);
    rows.set(key, row);
    add(totals, c);
  }
  const order = (a: { day: string; engine: string; project_id: string }, b: typeof a) =>
    a.day !== b.day ? (a.day < b.day ? -1 : 1) : a.engine !== b.engine ? (a.engine < b.engine ? -1 : 1) : a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0;
  const wire = (s: Sums) => ({ requests: s.requests, input_tokens: s.input_tokens, cached_input_tokens: 0, output_tokens: s.output_tokens, credits: toCredits(s.credits) });
  return {
    data: [...rows.values()].sort(order).map((r) => ({ day: r.day, engine: r.engine, project_id: r.project_id, ...wire(r.sums) })),
    totals: wire(totals),
  };
}

describe("usageOf against random charges", () => {
  for (const seed of [1, 7, 20261125]) {
    it(`seed ${seed}: every filter's rows and totals equal the sums of what was charged`, async () => {
      const random = prng(seed);
      const days = windows[seed % windows.length];
      const { workspaceId, projectId } = await newWorkspace(10_000_000_000n);
      const projects = [projectId];
      for (let i = random.int(1, 2); i > 0; i--) {
        const id = newId("prj");
        await db().project.create({ data: { id, workspaceId, name: `extra ${i}` } });
        projects.push(id);
      }
      // A project of the workspace that never gets a charge, and a neighbour workspace charged on
      // the same days: neither may show up in the answers below.
      const idle = newId("prj");
      await db().project.create({ data: { id: idle, workspaceId, name: "idle" } });
      const neighbour = await newWorkspace(1_000_000_000n);

      const edges = { last: 0, first: 0, inside: 0 };
      const randomCharge = () => {
        const dayIndex = random.int(0, days.length - 1);
        const roll = random.next();
        // A sixth of the charges sit on the last millisecond of a day, a sixth on its first.
        const ms = roll < 1 / 6 ? LAST_MS : roll < 2 / 6 ? 0 : random.int(0, LAST_MS);
        const at = new Date(Date.parse(`${days[dayIndex]}T00:00:00Z`) + ms);
        const held = BigInt(random.int(1, 50_000));
        const shape = random.next();
        // Mostly under the hold; some exactly it, some over it (capped), some zero.
        const actual = shape < 0.7 ? BigInt(random.int(0, Number(held))) : shape < 0.8 ? held : shape < 0.9 ? held + BigInt(random.int(1, 9_999)) : 0n;
        const usage = { day: days[dayIndex], projectId: random.pick(projects), engine: random.pick(engines), inputTokens: random.int(0, 200_000), outputTokens: random.int(0, 16_384) };
        edges[ms === LAST_MS ? "last" : ms === 0 ? "first" : "inside"]++;
        return { usage, at, held, actual };
      };

      const charges: Charge[] = [];
      for (let i = 0; i < 150; i++) {
        const { usage, at, held, actual } = randomCharge();
        const charged = await chargeOnce(workspaceId, usage, at, held, actual);
        expect(charged).toBe(actual < held ? actual : held);
        charges.push({ ...usage, credits: charged });
      }
      for (let i = 0; i < 20; i++) {
        const { usage, at, held, actual } = randomCharge();
        await chargeOnce(neighbour.workspaceId, { ...usage, projectId: neighbour.projectId }, at, held, actual);
      }
      // The random run must have exercised both day boundaries and every project.
      expect(Math.min(edges.last, edges.first, edges.inside)).toBeGreaterThan(5);
      expect(new Set(charges.map((c) => c.projectId)).size).toBe(projects.length);

      const filters: Filter[] = [{ start: days[0], end: days[days.length - 1] }];
      for (let i = 0; i < 60; i++) {
        const a = random.int(-2, days.length + 1);
        const b = random.int(a, days.length + 1);
        // Indices outside the window become days before or after it (no charge there).
        const dayAt = (index: number) => new Date(Date.parse(`${days[0]}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
        const filter: Filter = { start: dayAt(a), end: dayAt(b) };
        const what = random.int(0, 3);
        if (what === 1 || what === 3) filter.projectId = random.next() < 0.15 ? idle : random.pick(projects);
        if (what === 2 || what === 3) filter.engine = random.pick(engines);
        filters.push(filter);
      }
      for (const filter of filters) {
        const answer = await usageOf(workspaceId, filter);
        const want = expected(charges, filter);
        expect({ filter, data: answer.data }).toEqual({ filter, data: want.data });
        expect({ filter, totals: answer.totals }).toEqual({ filter, totals: want.totals });
        // The totals are the rows' sums (credits summed in µcr, as floats would drift).
        const rowSum = answer.data.reduce(
          (s, r) => ({ requests: s.requests + r.requests, input: s.input + r.input_tokens, output: s.output + r.output_tokens, micro: s.micro + toMicro(r.credits) }),
          { requests: 0, input: 0, output: 0, micro: 0n },
        );
        expect(rowSum).toEqual({ requests: answer.totals.requests, input: answer.totals.input_tokens, output: answer.totals.output_tokens, micro: toMicro(answer.totals.credits) });
        expect(answer).toMatchObject({ object: "usage", start: filter.start, end: filter.end });
      }

      // The whole window holds every charge exactly once; the per-charge records agree with the rollup.
      const all = await usageOf(workspaceId, filters[0]);
      expect(all.totals.requests).toBe(150);
      const records = await db().usageRecord.aggregate({ where: { workspaceId }, _count: true, _sum: { inputTokens: true, outputTokens: true, credits: true } });
      expect(records._count).toBe(150);
      expect(records._sum.credits ?? 0n).toBe(charges.reduce((s, c) => s + c.credits, 0n));
      expect(Number(records._sum.inputTokens ?? 0n)).toBe(all.totals.input_tokens);
      expect(Number(records._sum.outputTokens ?? 0n)).toBe(all.totals.output_tokens);
    });
  }

  it("23:59:59.999Z counts on that UTC day, 00:00:00.000Z on the next", async () => {
    const { workspaceId, projectId } = await newWorkspace(1_000_000n);
    const usage = { day: "", projectId, engine: "fire", inputTokens: 1, outputTokens: 2 };
    await chargeOnce(workspaceId, usage, new Date("2026-03-04T23:59:59.999Z"), 100n, 10n);
    await chargeOnce(workspaceId, usage, new Date("2026-03-05T00:00:00.000Z"), 100n, 20n);
    await chargeOnce(workspaceId, usage, new Date("2026-02-28T23:59:59.999Z"), 100n, 40n);
    await chargeOnce(workspaceId, usage, new Date("2026-03-01T00:00:00.000Z"), 100n, 80n);
    const answer = await usageOf(workspaceId, { start: "2026-02-01", end: "2026-03-31" });
    expect(answer.data.map((r) => [r.day, r.credits])).toEqual([
      ["2026-02-28", 0.00004],
      ["2026-03-01", 0.00008],
      ["2026-03-04", 0.00001],
      ["2026-03-05", 0.00002],
    ]);
    expect((await usageOf(workspaceId, { start: "2026-03-05", end: "2026-03-05" })).totals).toEqual({ requests: 1, input_tokens: 1, cached_input_tokens: 0, output_tokens: 2, credits: 0.00002 });
  });
});

describe("usageQuery", () => {
  const parse = (query: string) => parseQuery(new Request(`http://localhost/api/public/v1/usage${query}`), usageQuery);
  const refusal = (query: string) => {
    try {
      parse(query);
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, param: error.extra.param };
      throw error;
    }
    throw new Error(`${query} was accepted`);
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

  it.each([
    ["?start=2026-02-30", "start"],
    ["?end=2026-02-29", "end"],
    ["?start=2026-1-5", "start"],
    ["?end=yesterday", "end"],
    ["?start=2026-13-01", "start"],
    ["?end=2026-01-32", "end"],
    ["?start=2026-00-10", "start"],
    ["?start=0000-01-05&end=0000-01-31", "start"],
    ["?end=1970-01-05", "end"],
    ["?start=", "start"],
    ["?start=2026-03-02&end=2026-03-01", "start"],
    ["?start=2024-12-31&end=2026-01-01", "end"],
    ["?start=2024-01-01&end=2025-01-01", "end"],
    ["?engine=gpt-4", "engine"],
    ["?engine=", "engine"],
    ["?project_id=", "project_id"],
    ["?projectId=prj_x", "projectId"],
    ["?start=2026-01-01&limit=5", "limit"],
  ])("%s → invalid_body naming %s", (query, param) => {
    expect(refusal(query)).toEqual({ code: "invalid_body", param });
  });

  it("accepts 366 days, a single day, and every engine", () => {
    expect(parse("?start=2025-01-01&end=2026-01-01")).toEqual({ start: "2025-01-01", end: "2026-01-01" });
    expect(parse("?start=2024-01-01&end=2024-12-31")).toEqual({ start: "2024-01-01", end: "2024-12-31" });
    expect(parse("?start=2024-02-29&end=2024-02-29")).toEqual({ start: "2024-02-29", end: "2024-02-29" });
    for (const engine of [...productIds, "compute"]) {
      expect(parse(`?start=2026-01-01&end=2026-01-02&engine=${engine}&project_id=prj_1`)).toMatchObject({ engine, projectId: "prj_1" });
    }
  });

  it("defaults to today and the 29 days before; an end alone gets its 29 days before", () => {
    let before: string;
    let parsed: ReturnType<typeof parse>;
    do {
      before = today();
      parsed = parse("");
    } while (before !== today()); // a run across midnight tries again
    expect(parsed).toEqual({ start: daysBefore(before, 29), end: before });
    expect(parse("?end=2026-03-10")).toEqual({ start: "2026-02-09", end: "2026-03-10" });
    expect(parse("?end=2028-03-10")).toEqual({ start: "2028-02-10", end: "2028-03-10" });
    expect(parse("?start=2026-01-01&end=2026-01-01")).toEqual({ start: "2026-01-01", end: "2026-01-01" });
    // A start alone runs to today, within the 366 days.
    const start = daysBefore(today(), 365);
    expect(parse(`?start=${start}`)).toMatchObject({ start, end: today() });
    expect(refusal(`?start=${daysBefore(today(), 366)}`)).toEqual({ code: "invalid_body", param: "end" });
  });
});
