"use client";
// What the usage page shows: one project or all, one engine or all, and a range of UTC days.
import { useProject } from "@/components/console/project-context";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { engineLabel } from "./engine-series";
import { lastThirtyDays, usageEngines } from "./usage-days";

export type UsageFilter = { projectId: string; engine: string; start: string; end: string };

export const defaultUsageFilter = (): UsageFilter => ({ projectId: "", engine: "", ...lastThirtyDays() });

type UsageFiltersProps = { filter: UsageFilter; onChange: (filter: UsageFilter) => void; errors: Record<string, string> };

export function UsageFilters({ filter, onChange, errors }: UsageFiltersProps) {
  const { projects } = useProject();
  const set = (change: Partial<UsageFilter>) => onChange({ ...filter, ...change });
  return (
    <form className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-start" onSubmit={(event) => event.preventDefault()} aria-label="Usage filters">
      <div className="col-span-2 sm:col-span-1">
        <SelectField label="Project" value={filter.projectId} onChange={(event) => set({ projectId: event.target.value })} error={errors.project_id}>
          <option value="">All projects</option>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <SelectField label="Engine" value={filter.engine} onChange={(event) => set({ engine: event.target.value })} error={errors.engine}>
          <option value="">All engines</option>
          {usageEngines.map((engine) => (
            <option key={engine} value={engine}>
              {engineLabel(engine)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="From (UTC)" type="date" value={filter.start} max={filter.end || undefined} onChange={(event) => set({ start: event.target.value })} error={errors.start} />
      <TextField label="To (UTC)" type="date" value={filter.end} min={filter.start || undefined} onChange={(event) => set({ end: event.target.value })} error={errors.end} />
      <div className="col-span-2 lg:col-span-1 lg:pt-6">
        <Button variant="secondary" className="w-full lg:w-auto" onClick={() => onChange(defaultUsageFilter())}>
          Last 30 days
        </Button>
      </div>
    </form>
  );
}
