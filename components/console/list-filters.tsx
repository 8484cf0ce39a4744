"use client";
// A list's filter row (Activity, the audit log): the fields' values, one setter per field, the
// filters that are set as the list's input (an empty field filters nothing), and the UTC day range.
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";

type Fields = Record<string, string>;

export function useListFilters<F extends Fields>(none: F) {
  const [filters, setFilters] = useState<F>(none);
  const set = (field: keyof F) => (event: { target: { value: string } }) => setFilters({ ...filters, [field]: event.target.value });
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));
  return { filters, set, chosen };
}

/** From and to, as UTC days (the lists' `since` and `until`). */
export function DayRangeFields({ since, until, set }: { since: string; until: string; set: (field: "since" | "until") => (event: { target: { value: string } }) => void }) {
  return (
    <>
      <TextField label="From (UTC day)" type="date" value={since} onChange={set("since")} />
      <TextField label="To (UTC day)" type="date" value={until} onChange={set("until")} />
    </>
  );
}

/**
 * The filter form of a list: open on a wide screen; on a phone folded behind "Filters" (with how
 * many are set), so the list itself is on the first screen.
 */
export function ListFilters({ label, set, className, children }: { label: string; set: number; className: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button variant="secondary" className="sm:hidden" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? "Hide filters" : "Filters"}
        {set > 0 && ` (${set} set)`}
      </Button>
      <form id={id} aria-label={label} onSubmit={(event) => event.preventDefault()} className={`${open ? "mt-3 grid" : "hidden"} gap-3 sm:mt-0 sm:grid ${className}`}>
        {children}
      </form>
    </div>
  );
}

/** A filter's choice: "Any …" (filters nothing), then its options. */
export function FilterSelect({ label, any, value, onChange, options }: { label: string; any: string; value: string; onChange: (event: { target: { value: string } }) => void; options: { value: string; label: string }[] }) {
  return (
    <SelectField label={label} value={value} onChange={onChange}>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
