"use client";
// The request's tools: a JSON array of tool definitions (native shape), a sample to start from,
// and whether the engine may, must or must not call one.
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/field";
import { SAMPLE_TOOLS } from "./json-boxes";
import type { PlaygroundForm } from "./playground-request";

type Props = { form: PlaygroundForm; error?: string; onChange: (change: Partial<PlaygroundForm>) => void };

export function ToolsEditor({ form, error, onChange }: Props) {
  return (
    <div className="space-y-2">
      <TextAreaField
        label="Tools"
        rows={form.tools ? 8 : 2}
        spellCheck={false}
        placeholder='[{"type": "function", "function": {"name": "...", "parameters": {...}}}]'
        value={form.tools}
        error={error}
        onChange={(e) => onChange({ tools: e.target.value })}
      />
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={() => onChange({ tools: JSON.stringify(SAMPLE_TOOLS, null, 2) })}>
          Sample tools
        </Button>
        <div className="w-40">
          <SelectField label="Tool choice" value={form.toolChoice} disabled={!form.tools.trim()} onChange={(e) => onChange({ toolChoice: e.target.value as PlaygroundForm["toolChoice"] })}>
            <option value="auto">auto</option>
            <option value="required">required</option>
            <option value="none">none</option>
          </SelectField>
        </div>
      </div>
    </div>
  );
}
