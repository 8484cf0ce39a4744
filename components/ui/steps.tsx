// Progress through a fixed sequence of steps (provisioning, a multi-part operation): each step is
// done, current or still to come, said in words for screen readers as well as drawn.
export type StepState = "done" | "current" | "todo" | "failed";

const marks: Record<StepState, string> = {
  done: "bg-emerald-600 text-white",
  current: "bg-sky-600 text-white animate-pulse",
  todo: "bg-slate-200 text-slate-500",
  failed: "bg-red-600 text-white",
};
const spoken: Record<StepState, string> = { done: "done", current: "in progress", todo: "to come", failed: "failed" };

export function Steps({ steps, label }: { steps: { label: string; state: StepState }[]; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-0">
      {steps.map((step, index) => (
        <li key={step.label} data-state={step.state} className="flex items-center gap-2 sm:flex-1">
          <span aria-hidden="true" className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${marks[step.state]}`}>
            {step.state === "done" ? "✓" : step.state === "failed" ? "!" : index + 1}
          </span>
          <span className={`text-sm ${step.state === "todo" ? "text-slate-500" : "font-medium text-slate-900"}`}>
            {step.label}
            <span className="sr-only"> ({spoken[step.state]})</span>
          </span>
          {index < steps.length - 1 && <span aria-hidden="true" className="mx-3 hidden h-px flex-1 bg-slate-200 sm:block" />}
        </li>
      ))}
    </ol>
  );
}
