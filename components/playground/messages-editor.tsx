"use client";
// The conversation of a playground request, message by message.
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/field";
import type { PlaygroundMessage } from "./playground-request";

export function MessagesEditor({ messages, onChange }: { messages: PlaygroundMessage[]; onChange: (messages: PlaygroundMessage[]) => void }) {
  const update = (index: number, change: Partial<PlaygroundMessage>) => onChange(messages.map((m, i) => (i === index ? { ...m, ...change } : m)));
  return (
    <div className="space-y-3">
      {messages.map((message, index) => (
        <fieldset key={index} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[9rem_1fr_auto] sm:items-start">
          <legend className="sr-only">Message {index + 1}</legend>
          <SelectField label={`Role ${index + 1}`} value={message.role} onChange={(e) => update(index, { role: e.target.value as PlaygroundMessage["role"] })}>
            <option value="system">system</option>
            <option value="user">user</option>
            <option value="assistant">assistant</option>
          </SelectField>
          <TextAreaField label={`Content ${index + 1}`} rows={3} value={message.content} onChange={(e) => update(index, { content: e.target.value })} />
          <Button variant="ghost" className="sm:mt-6" aria-label={`Remove message ${index + 1}`} disabled={messages.length === 1} onClick={() => onChange(messages.filter((_, i) => i !== index))}>
            Remove
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => onChange([...messages, { role: "user", content: "" }])}>
        Add a message
      </Button>
    </div>
  );
}
