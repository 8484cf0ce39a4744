// The periods of a key's credit limit on an injected clock: a daily, weekly (ISO, from Monday) and
// monthly limit each start again exactly at its UTC boundary, a week that crosses a month is one
// week, the key object says when the next reset is, and a change of limit_reset carries what
// requests in flight hold to the new period's row.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Prisma } from "@prisma/client";
import { db } from "../db";
import { keyWithLimit, newWorkspace } from "../../test/kits/workspaces";
import { getKey, updateKey } from "../keys/service";
import { migrate } from "../migrations";
import type { LimitReset } from "../vocab/limit-resets";
import { reserve, settle } from "./reservations";
import { spendPeriod } from "./sql-pieces";

const clock = vi.hoisted(() => ({ now: new Date("2026-12-02T12:00:00Z") }));
vi.mock("../clock", () => ({ clockNow: () => new Date(clock.now) }));

beforeAll(() => migrate());

const at = (iso: string) => {
  clock.now = new Date(iso);
};

async function periodOf(reset: LimitReset, iso: string): Promise<[string, string]> {
  const [row] = await db().$queryRaw<{ start: Date; end: Date }[]>`
    SELECT lower(p) AS start, upper(p) AS "end" FROM ${spendPeriod(Prisma.sql`${reset}::text`, Prisma.sql`${new Date(iso)}`)} AS p`;
  return [row.start.toISOString().slice(0, 10), row.end.toISOString().slice(0, 10)];
}

async function keyResetting(reset: LimitReset, limit: bigint) {
  const { workspaceId, projectId } = await newWorkspace(1_000_000n);
  const keyId = await keyWithLimit(workspaceId, projectId, limit);
  await db().apiKey.update({ where: { id: keyId }, data: { limitReset: reset } });
  const usage = { projectId, keyId, engine: "scholar", inputTokens: 1, outputTokens: 1, resource: "gen_t", description: "Generation gen_t (scholar)" };
  const spend = async (micro: bigint) => settle(await reserve(workspaceId, micro, 60, keyId), micro, usage);
  const actor = { workspaceId, projectId, maxScope: "read_write" as const, by: { type: "user" as const, id: "usr_test" } };
  return { workspaceId, keyId, spend, actor, usage };
}

describe("spend_period, the one declaration of a key's periods", () => {
  it("daily: the UTC day, to the millisecond", async () => {
    expect(await periodOf("daily", "2026-12-01T23:59:59.999Z")).toEqual(["2026-12-01", "2026-12-02"]);
    expect(await periodOf("daily", "2026-12-02T00:00:00.000Z")).toEqual(["2026-12-02", "2026-12-03"]);
  });

  it("weekly: the ISO week from Monday 00:00 UTC, one week across the end of a month", async () => {
    expect(await periodOf("weekly", "2026-11-29T23:59:59.999Z")).toEqual(["2026-11-23", "2026-11-30"]); // a Sunday
    expect(await periodOf("weekly", "2026-11-30T00:00:00Z")).toEqual(["2026-11-30", "2026-12-07"]); // Monday
    expect(await periodOf("weekly", "2026-12-06T23:59:59Z")).toEqual(["2026-11-30", "2026-12-07"]); // still that week, in December
  });

  it("monthly: the calendar month, a leap February included", async () => {
    expect(await periodOf("monthly", "2026-11-30T23:59:59.999Z")).toEqual(["2026-11-01", "2026-12-01"]);
    expect(await periodOf("monthly", "2026-12-01T00:00:00Z")).toEqual(["2026-12-01", "2027-01-01"]);
    expect(await periodOf("monthly", "2028-02-29T12:00:00Z")).toEqual(["2028-02-01", "2028-03-01"]);
  });
});

describe("a key's limit on the moving clock", () => {
  it("daily: refused at its limit late in the day, served again at 00:00 UTC", async () => {
    at("2026-12-01T23:59:59.000Z");
    const key = await keyResetting("daily", 3_000n);
    await key.spend(3_000n);
    expect(await key.spend(1n).catch((e) => e.code)).toBe("key_credit_limit_reached");
    expect((await getKey(key.actor, key.keyId)).api_key).toMatchObject({ limit_reset: "daily", limit_resets_at: "2026-12-02T00:00:00Z", credits_used: 0.003 });
    at("2026-12-02T00:00:00.000Z");
    expect((await key.spend(3_000n)).status).toBe("settled");
    expect((await getKey(key.actor, key.keyId)).api_key).toMatchObject({ limit_resets_at: "2026-12-03T00:00:00Z", credits_used: 0.003 });
  });

  it("weekly: spend on Monday 30 November still counts on Tuesday 1 December; the next Monday it starts again", async () => {
    at("2026-11-30T08:00:00Z");
    const key = await keyResetting("weekly", 2_000n);
    await key.spend(2_000n);
    at("2026-12-01T08:00:00Z");
    const refusal = await key.spend(1n).catch((e) => e);
    expect(refusal).toMatchObject({ code: "key_credit_limit_reached", extra: { limit: 0.002, used: 0.002 } });
    expect(refusal.message).toContain("credits a week");
    expect(refusal.message).toContain("2026-12-07T00:00:00Z");
    at("2026-12-07T00:00:00Z");
    expect((await key.spend(2_000n)).status).toBe("settled");
  });

  it("monthly (the default): the 30th's spend is gone on the 1st", async () => {
    at("2026-11-30T23:00:00Z");
    const key = await keyResetting("monthly", 1_000n);
    await key.spend(1_000n);
    expect(await key.spend(1n).catch((e) => e.code)).toBe("key_credit_limit_reached");
    at("2026-12-01T00:00:00Z");
    expect((await key.spend(1_000n)).status).toBe("settled");
    expect((await getKey(key.actor, key.keyId)).api_key.limit_resets_at).toBe("2027-01-01T00:00:00Z");
  });

  it("a change of limit_reset with a request in flight: its hold moves to the new period and is freed there on settlement", async () => {
    at("2026-12-09T10:00:00Z");
    const key = await keyResetting("monthly", 10_000n);
    const held = await reserve(key.workspaceId, 4_000n, 60, key.keyId);
    const changed = await updateKey(key.actor, key.keyId, { limit_reset: "daily" });
    expect(changed.api_key).toMatchObject({ limit_reset: "daily", limit_resets_at: "2026-12-10T00:00:00Z", credit_limit: 0.01 });
    const rows = async () => (await db().keyMonthlySpend.findMany({ where: { keyId: key.keyId }, orderBy: { month: "asc" } })).map((r) => [r.month.toISOString().slice(0, 10), r.used, r.reserved]);
    expect(await rows()).toEqual([["2026-12-01", 0n, 0n], ["2026-12-09", 0n, 4_000n]]);
    await settle(held, 3_000n, key.usage);
    expect(await rows()).toEqual([["2026-12-01", 0n, 0n], ["2026-12-09", 3_000n, 0n]]);
  });
});
