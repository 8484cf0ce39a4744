// The family holding a conversation's prompt cache, on both stores, and the plan that goes to it
// first: remembered for HOLD_SECONDS after its last use, per workspace and product, and only ever
// reordering the request's own chain.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_FAMILIES_FILE, loadFamilies } from "../families/config";
import { conversationOf, HOLD_SECONDS, holderFirst, memoryHolders, redisHolders } from "./cache-holder";
import { plan } from "./plan";

const config = loadFamilies(DEFAULT_FAMILIES_FILE);
const scholar = plan(config, { product: "scholar", endpoint: "completions", risk: 0.3, hasImages: false, inputTokens: 100 });
const chain = (route: typeof scholar) => route.steps.map((step) => step.family.id);

describe("holderFirst", () => {
  it("puts the holder's step first and keeps the others in their order after it", () => {
    expect(chain(scholar)).toEqual(["house", "peer-a", "peer-b"]);
    const kept = holderFirst(scholar, "peer-b");
    expect(chain(kept)).toEqual(["peer-b", "house", "peer-a"]);
    expect(kept.reason).toBe(`${scholar.reason}, kept to the engine holding its prompt cache`);
  });

  it("leaves the plan alone when the holder is first already, not in the chain, or unknown", () => {
    expect(holderFirst(scholar, "house")).toBe(scholar);
    expect(holderFirst(scholar, "no-such-family")).toBe(scholar);
    expect(holderFirst(scholar, undefined)).toBe(scholar);
  });
});

describe("conversationOf", () => {
  it("is one per workspace, product and key, and never shows the key", () => {
    const one = conversationOf("ws_a", "scholar", "my-conversation");
    expect(conversationOf("ws_a", "scholar", "my-conversation")).toBe(one);
    expect(conversationOf("ws_b", "scholar", "my-conversation")).not.toBe(one);
    expect(conversationOf("ws_a", "fire", "my-conversation")).not.toBe(one);
    expect(one).not.toContain("my-conversation");
  });
});

describe("memory holders", () => {
  it("remember the last answering family until HOLD_SECONDS after its last use", async () => {
    let clock = 1_000_000;
    const holders = memoryHolders(() => clock);
    expect(await holders.holder("c1")).toBeUndefined();
    await holders.remember("c1", "peer-a");
    clock += (HOLD_SECONDS - 1) * 1000;
    expect(await holders.holder("c1")).toBe("peer-a");
    await holders.remember("c1", "peer-b"); // escalated: the cache is now there, and held anew
    clock += (HOLD_SECONDS - 1) * 1000;
    expect(await holders.holder("c1")).toBe("peer-b");
    clock += 2000;
    expect(await holders.holder("c1")).toBeUndefined();
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)("redis holders", () => {
  const client = redisUrl ? new Redis(redisUrl) : null;
  afterAll(() => client?.disconnect());

  it("are shared by every replica and expire after HOLD_SECONDS", async () => {
    const conversation = `test-${randomUUID()}`;
    const here = redisHolders(client!);
    const elsewhere = redisHolders(client!);
    await here.remember(conversation, "peer-a");
    expect(await elsewhere.holder(conversation)).toBe("peer-a");
    const ttl = await client!.ttl(`ch:${conversation}`);
    expect(ttl).toBeGreaterThan(HOLD_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(HOLD_SECONDS);
    await client!.del(`ch:${conversation}`);
  });
});
