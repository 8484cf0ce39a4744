"use client";
// What to ask: endpoint, product, task, risk, the input (a prompt or messages), limits, tools and
// the answer's format. A JSON box in error is named next to it, and Run sends nothing until it is fixed.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { endpoints } from "@/server/vocab/endpoints";
import { MessagesEditor } from "./messages-editor";
import { formErrors, takesTools, type PlaygroundForm } from "./playground-request";
import { ResponseFormatEditor } from "./response-format-editor";
import { ToolsEditor } from "./tools-editor";

export type ProductChoice = { id: string; endpoints: string[] };

type Props = {
  form: PlaygroundForm;
  products: ProductChoice[];
  running: boolean;
  onChange: (form: PlaygroundForm) => void;
  onSend: () => void;
  onStop: () => void;
};

export function RequestForm({ form, products, running, onChange, onSend, onStop }: Props) {
  const set = (change: Partial<PlaygroundForm>) => onChange({ ...form, ...change });
  const errors = formErrors(form);
  // An empty prompt is said at the prompt, not sent for the API to refuse in the answer panel.
  const [promptError, setPromptError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.mode === "prompt" && form.prompt.trim() === "") {
      setPromptError("Write a prompt first.");
      (event.currentTarget as HTMLFormElement).querySelector("textarea")?.focus();
      return;
    }
    setPromptError(null);
    if (!running && !errors.tools && !errors.schema) onSend();
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Playground request">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Endpoint" value={form.endpoint} onChange={(e) => set({ endpoint: e.target.value as PlaygroundForm["endpoint"] })}>
          {endpoints.map((endpoint) => (
            <option key={endpoint} value={endpoint}>
              {endpoint}
            </option>
          ))}
        </SelectField>
        <SelectField label="Product" value={form.product} onChange={(e) => set({ product: e.target.value })}>
          <option value="">default for the endpoint</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id}
              {p.endpoints.includes(form.endpoint) ? "" : ` (not on ${form.endpoint})`}
            </option>
          ))}
        </SelectField>
        <TextField label="Task" placeholder="e.g. explain, refactor, security" value={form.task} maxLength={64} onChange={(e) => set({ task: e.target.value })} />
        <TextField
          label={`Risk: ${form.risk.toFixed(2)}`}
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={form.risk}
          onChange={(e) => set({ risk: Number(e.target.value) })}
          className="mt-3 w-full accent-slate-900"
        />
        <TextField label="Max output tokens" type="number" min={1} placeholder="product default" value={form.maxOutputTokens} onChange={(e) => set({ maxOutputTokens: e.target.value })} />
        <TextField label="Temperature" type="number" min={0} max={2} step={0.1} placeholder="engine default" value={form.temperature} onChange={(e) => set({ temperature: e.target.value })} />
      </div>
      <div role="radiogroup" aria-label="Input" className="flex gap-4 text-sm">
        {(["prompt", "messages"] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-2">
            <input type="radio" name="mode" value={mode} checked={form.mode === mode} onChange={() => set({ mode })} />
            {mode === "prompt" ? "One prompt" : "A conversation"}
          </label>
        ))}
      </div>
      {form.mode === "prompt" ? (
        <TextAreaField
          label="Prompt"
          rows={6}
          value={form.prompt}
          error={promptError ?? undefined}
          onChange={(e) => {
            setPromptError(null);
            set({ prompt: e.target.value });
          }}
          placeholder="Explain B-trees in three sentences."
        />
      ) : (
        <MessagesEditor messages={form.messages} onChange={(messages) => set({ messages })} />
      )}
      {takesTools(form.endpoint) && <ToolsEditor form={form} error={errors.tools} onChange={set} />}
      <ResponseFormatEditor form={form} error={errors.schema} onChange={set} />
      <div className="flex gap-2">
        <Button type="submit" disabled={running}>
          {running ? "Running…" : "Run"}
        </Button>
        <Button variant="secondary" disabled={!running} onClick={onStop}>
          Stop
        </Button>
      </div>
    </form>
  );
}
