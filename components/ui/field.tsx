// A labelled form control with its error underneath, tied together for screen readers.
import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from "react";

const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-slate-500 focus:outline-none focus:ring-1 focus:ring-slate-500";

type Labelled = { label: string; error?: string };

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {error}
    </p>
  );
}

export function TextField({ label, error, ...props }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} className={control} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField({ label, error, children, ...props }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={control} aria-describedby={error ? `${id}-error` : undefined} {...props}>
        {children}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
