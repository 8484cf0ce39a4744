// The routing plan as a table: product × endpoint × task × risk × input → chain and reason.
import { describe, expect, it } from "vitest";
import { DEFAULT_FAMILIES_FILE, loadFamilies } from "../families/config";
import { plan, type PlanInput } from "./plan";

const config = loadFamilies(DEFAULT_FAMILIES_FILE);
const base: PlanInput = { product: "scholar", endpoint: "completions", risk: 0.3, hasImages: false, inputTokens: 100 };
const chain = (input: Partial<PlanInput>) => plan(config, { ...base, ...input }).steps.map((s) => `${s.family.id}/${s.tier}`);

describe("plan", () => {
  it.each([
    [{}, ["house/standard", "peer-a/standard", "peer-b/standard"]],
    [{ risk: 0.7 }, ["house/strong", "peer-a/strong", "peer-b/strong"]],
    [{ risk: 0.69 }, ["house/standard", "peer-a/standard", "peer-b/standard"]],
    [{ endpoint: "code" as const, task: "migration" }, ["house/strong", "peer-a/strong"]],
    [{ endpoint: "code" as const, task: "explain" }, ["house/standard", "peer-a/standard", "peer-b/standard"]],
    [{ product: "fire" as const }, ["house/fast", "peer-a/standard"]],
    [{ product: "advanced" as const }, ["house/strong", "peer-a/strong", "peer-b/strong"]],
    [{ product: "sentinel" as const, endpoint: "review" as const }, ["peer-a/strong", "peer-b/strong"]],
    [{ product: "sentinel" as const, endpoint: "review" as const, excludeFamilies: ["peer-a"] }, ["peer-b/strong"]],
    [{ product: "sentinel" as const, endpoint: "review" as const, excludeFamilies: ["peer-b", "peer-a"] }, []],
    [{ product: "fire" as const, inputTokens: 64_000 }, ["peer-a/standard"]],
    [{ inputTokens: 150_000 }, []],
  ])("%o → %o", (input, expected) => {
    expect(chain(input)).toEqual(expected);
  });

  it("never puts sentinel on the service's own families, whatever the configuration says", () => {
    const own = { ...config, routes: { ...config.routes, sentinel: { review: [{ when: {}, label: "x", chain: ["house/strong", "peer-b/strong"] }] } } };
    expect(plan(own, { ...base, product: "sentinel", endpoint: "review" }).steps.map((s) => s.family.id)).toEqual(["peer-b"]);
  });

  it("explains itself without naming a family or model", () => {
    const result = plan(config, { ...base, task: "explain" });
    expect(result.reason).toBe("scholar, task explain, risk 0.3");
    for (const family of config.families) {
      expect(`${result.reason} ${result.label}`).not.toContain(family.id);
      for (const model of Object.values(family.models)) expect(result.label).not.toContain(model.name);
    }
  });

  it("skips models without a capability the request needs, and says so without naming them", () => {
    const lacking = structuredClone(config);
    lacking.families.find((f) => f.id === "house")!.models.standard.capabilities = ["images"];
    lacking.families.find((f) => f.id === "peer-b")!.models.standard.capabilities = ["tools"];
    const tools = plan(lacking, { ...base, needs: ["tools"] });
    expect(tools.steps.map((s) => s.family.id)).toEqual(["peer-a", "peer-b"]);
    expect(tools.reason).toBe("scholar, task general, risk 0.3, 1 engine without tool calling skipped");
    expect(tools.lacking).toEqual(["tools"]);
    const both = plan(lacking, { ...base, needs: ["tools", "json_schema"] });
    expect(both.steps.map((s) => s.family.id)).toEqual(["peer-a"]);
    expect(both.reason).toContain("2 engines without tool calling or structured output skipped");
    // Left out of the file, capabilities are all of them: today's routing is unchanged.
    expect(plan(config, { ...base, needs: ["tools", "json_schema", "images"] }).steps).toHaveLength(3);
    expect(plan(config, { ...base, needs: ["tools"] }).reason).toBe("scholar, task general, risk 0.3");
  });

  it("a chain without any capable model is empty, with what it lacked", () => {
    const none = structuredClone(config);
    for (const f of none.families) for (const m of Object.values(f.models)) m.capabilities = [];
    const result = plan(none, { ...base, needs: ["json_schema"] });
    expect(result.steps).toEqual([]);
    expect(result.lacking).toEqual(["json_schema"]);
  });
});
