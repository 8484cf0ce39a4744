"use client";
// The fields of an endpoint (URL, events, description), for adding one and for editing one; each
// refusal is shown at its field, the rest above the buttons.
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { EventChoices, subscriptionsToSend, type Subscription } from "./event-choices";

export type WebhookFields = { url: string; events: Subscription[]; description: string };

type WebhookFormProps = {
  initial?: WebhookFields;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: WebhookFields) => void;
  /** Forgets the server's last refusal, so a new check does not show beside a stale one. */
  onResetError: () => void;
  onCancel?: () => void;
};

// The URL guard words its refusals for the API ("`url` points at …"); at the field, say "This URL".
const atUrlField = (message?: string) => message?.replace(/^`?url`? /, "This URL ");

export function WebhookForm({ initial, submitLabel, pendingLabel, pending, error, onSubmit, onResetError, onCancel }: WebhookFormProps) {
  const [chosen, setChosen] = useState<string[]>(initial?.events ?? []);
  // Refusals found before asking the server: an empty URL, no event chosen.
  const [missing, setMissing] = useState<{ url?: string; events?: string }>({});
  const errors = fieldErrors(error);
  const general = formError(error, ["url", "events", "description"]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onResetError();
    const form = new FormData(event.currentTarget);
    const url = String(form.get("url") ?? "").trim();
    const events = subscriptionsToSend(chosen);
    const found = {
      ...(url ? {} : { url: "Enter the URL that should receive the events." }),
      ...(events.length ? {} : { events: "Choose at least one event." }),
    };
    setMissing(found);
    if (found.url || found.events) return;
    onSubmit({ url, events, description: String(form.get("description") ?? "").trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={2048}
        placeholder="https://example.com/hooks/switchyard"
        defaultValue={initial?.url}
        error={missing.url ?? atUrlField(errors.url)}
      />
      <EventChoices
        chosen={chosen}
        onChange={(next) => {
          setChosen(next);
          setMissing((m) => ({ ...m, events: undefined }));
        }}
        error={missing.events ?? errors.events}
      />
      <TextField
        label="Description (optional)"
        name="description"
        maxLength={200}
        placeholder="e.g. production alerts"
        defaultValue={initial?.description}
        error={errors.description}
      />
      {general && <Alert>{general}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
