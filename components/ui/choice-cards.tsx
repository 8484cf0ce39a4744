// A set of radio choices drawn as cards (a plan, a tier): one fieldset with its legend, arrow keys
// move between choices as with any radio group, and the error sits under the set.
import { useId, type ReactNode } from "react";

export type Choice = { value: string; title: ReactNode; detail?: ReactNode };

type ChoiceCardsProps = {
  legend: string;
  name: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

export function ChoiceCards({ legend, name, choices, value, onChange, error }: ChoiceCardsProps) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={`flex cursor-pointer gap-3 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-slate-500 ${checked ? "border-slate-900 bg-slate-50" : "border-slate-300 bg-white hover:border-slate-400"}`}
            >
              <input type="radio" name={name} value={choice.value} checked={checked} onChange={() => onChange(choice.value)} className="mt-0.5 h-4 w-4 shrink-0" />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{choice.title}</span>
                {choice.detail && <span className="block text-xs text-slate-600">{choice.detail}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
