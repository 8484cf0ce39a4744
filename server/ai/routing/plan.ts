// The routing plan: a pure function of product, endpoint, task, risk and input. It picks the first
// configured rule that matches, then drops the steps this request may not use (sentinel never on
// the service's own families nor on the families that wrote what it reviews; models too small for
// the input; models without a capability the request needs, which routing.reason then mentions).
// routing.reason is built from the rule's label: engines in general terms only.
import "server-only";
import { capabilities as everyCapability, type Capability, type FamiliesFile, type FamilyConfig } from "../families/config";
import type { Endpoint } from "../../vocab/endpoints";
import type { ProductId } from "../../vocab/products";

export type PlanInput = {
  product: ProductId;
  endpoint: Endpoint;
  task?: string;
  risk: number;
  hasImages: boolean;
  inputTokens: number;
  /** Families that wrote the generation under review (review_of): never used to review it. */
  excludeFamilies?: string[];
  /** What the request needs beyond text (tools, a JSON Schema, images). */
  needs?: Capability[];
};

export type PlanStep = { family: FamilyConfig; tier: string; model: string; contextWindow: number };
/** `lacking`: the capabilities the request needs that some step of the chain lacked (those steps were left out). */
export type Plan = { steps: PlanStep[]; label: string; reason: string; lacking: Capability[] };

const CAPABILITY_WORDS: Record<Capability, string> = { tools: "tool calling", json_schema: "structured output", images: "image input" };

export function plan(config: FamiliesFile, input: PlanInput): Plan {
  const rules = config.routes[input.product]?.[input.endpoint] ?? [];
  const rule = rules.find(({ when }) => {
    if (when.tasks && !(input.task && when.tasks.includes(input.task))) return false;
    if (when.min_risk !== undefined && input.risk < when.min_risk) return false;
    if (when.images !== undefined && when.images !== input.hasImages) return false;
    if (when.min_input_tokens !== undefined && input.inputTokens < when.min_input_tokens) return false;
    return true;
  });
  const families = new Map(config.families.map((family) => [family.id, family]));
  const steps = (rule?.chain ?? [])
    .map((step) => {
      const [familyId, tier] = step.split("/");
      const family = families.get(familyId)!;
      const model = family.models[tier];
      return { family, tier, model: model.name, contextWindow: model.context_window };
    })
    .filter((step) => !(input.product === "sentinel" && step.family.own))
    .filter((step) => !input.excludeFamilies?.includes(step.family.id))
    .filter((step) => step.contextWindow >= input.inputTokens);
  const needs = input.needs ?? [];
  const can = (step: PlanStep, need: Capability) => (step.family.models[step.tier].capabilities ?? everyCapability).includes(need);
  const capable = steps.filter((step) => needs.every((need) => can(step, need)));
  const lacking = needs.filter((need) => steps.some((step) => !can(step, need)));
  const label = rule?.label ?? "no engine";
  const skipped = steps.length - capable.length;
  const reason =
    `${input.product}, task ${input.task ?? "general"}, risk ${input.risk}` +
    (skipped ? `, ${skipped} engine${skipped > 1 ? "s" : ""} without ${lacking.map((c) => CAPABILITY_WORDS[c]).join(" or ")} skipped` : "");
  return { steps: capable, label, reason, lacking };
}
