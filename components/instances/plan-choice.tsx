// The plans of the catalog as cards: the plan's name and hourly rate, its size below.
import { ChoiceCards } from "@/components/ui/choice-cards";
import { planRate, planSize, type Plan } from "./plan-summary";

export function PlanChoice({ plans, value, onChange, error }: { plans: readonly Plan[]; value: string; onChange: (id: string) => void; error?: string }) {
  return (
    <ChoiceCards
      legend="Plan"
      name="plan"
      value={value}
      onChange={onChange}
      error={error}
      choices={plans.map((plan) => ({
        value: plan.id,
        title: (
          <span className="flex flex-wrap justify-between gap-x-3">
            <span className="font-mono">{plan.id}</span>
            <span className="font-normal tabular-nums text-slate-700">{planRate(plan)}</span>
          </span>
        ),
        detail: planSize(plan),
      }))}
    />
  );
}
