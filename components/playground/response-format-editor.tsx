"use client";
// What shape the answer takes: free text, one JSON object, or JSON valid against a schema.
import { SelectField, TextAreaField } from "@/components/ui/field";
import { SCHEMA_PLACEHOLDER } from "./json-boxes";
import type { PlaygroundForm } from "./playground-request";

type Props = { form: PlaygroundForm; error?: string; onChange: (change: Partial<PlaygroundForm>) => void };

export function ResponseFormatEditor({ form, error, onChange }: Props) {
  return (
    <div className="space-y-2">
      <SelectField label="Response format" value={form.responseFormat} onChange={(e) => onChange({ responseFormat: e.target.value as PlaygroundForm["responseFormat"] })}>
        <option value="text">text</option>
        <option value="json_object">JSON object</option>
        <option value="json_schema">JSON schema</option>
      </SelectField>
      {form.responseFormat === "json_schema" && (
        <TextAreaField label="JSON schema" rows={6} spellCheck={false} placeholder={SCHEMA_PLACEHOLDER} value={form.schema} error={error} onChange={(e) => onChange({ schema: e.target.value })} />
      )}
    </div>
  );
}
