// A labelled form control with its error underneath, tied together for screen readers.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

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

/** The label, the control (given the id and the error's id) and the error, wired together. */
function Field({ label, error, control: render }: Labelled & { control: (id: string, errorId: string | undefined) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {render(id, error ? `${id}-error` : undefined)}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextField({ label, error, ...props }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      error={error}
      control={(id, errorId) => <input id={id} className={control} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...props} />}
    />
  );
}

export function SelectField({ label, error, children, ...props }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      error={error}
      control={(id, errorId) => (
        <select id={id} className={control} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...props}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({ label, error, ...props }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      error={error}
      control={(id, errorId) => <textarea id={id} className={`${control} font-mono`} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...props} />}
    />
  );
}

export function CheckboxField({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="h-4 w-4 rounded border-slate-300" {...props} />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}
