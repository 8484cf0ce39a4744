// A labelled form control with its error underneath, tied together for screen readers.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const control = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-slate-500 focus:outline-none focus:ring-1 focus:ring-slate-500 aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-400";

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

/** A checkbox with its label beside it and, optionally, a line of explanation under the label. */
export function CheckboxField({ label, description, ...props }: { label: ReactNode; description?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 disabled:opacity-60" aria-describedby={description ? `${id}-description` : undefined} {...props} />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-xs text-slate-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
