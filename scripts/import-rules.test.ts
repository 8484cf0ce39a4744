// The import rules of server/ (rooms, layers, no circles; .dependency-cruiser.cjs says which and
// why), checked with dependency-cruiser on every `npm test`. A failure lists each import that
// breaks a rule, as `rule: from -> to`.
import { createRequire } from "node:module";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

type Rules = {
  forbidden: IForbiddenRuleType[];
  options: Record<string, unknown>;
  layers: { UPWARD_EDGES: unknown[] };
};
const rules = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as Rules;

async function violations(): Promise<string[]> {
  const { output } = await cruise(
    ["server"],
    { ...rules.options, validate: true, ruleSet: { forbidden: rules.forbidden } },
    {},
    { tsConfig: extractTSConfig("tsconfig.json") },
  );
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) =>
    v.cycle ? `${v.rule.name}: ${v.from} -> ${v.cycle.map((step) => step.name).join(" -> ")}` : `${v.rule.name}: ${v.from} -> ${v.to}`,
  );
}

describe("import rules of server/", () => {
  it("are all kept", async () => {
    expect(await violations()).toEqual([]);
  });

  it("allow at most three imports from a lower feature layer to a higher one", () => {
    expect(rules.layers.UPWARD_EDGES.length).toBeLessThanOrEqual(3);
  });
});
