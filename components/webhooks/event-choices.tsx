"use client";
// The events an endpoint subscribes to, as checkboxes grouped by family. A checked pattern covers
// what it matches (`*` everything, `instance.*` every instance event): those show checked and
// locked, and only the broadest choice is sent.
import { useId } from "react";
import { CheckboxField } from "@/components/ui/field";
import { EVENT_PATTERNS, EVENT_TYPES, subscriptionsFor } from "@/server/vocab/webhook-event-types";
import type { CreateWebhookInput } from "@/server/webhooks/schema";

export type Subscription = CreateWebhookInput["events"][number];

const families = [
  { family: "instance", title: "Instances" },
  { family: "snapshot", title: "Snapshots" },
  { family: "backup", title: "Backups" },
  { family: "billing", title: "Billing (whole workspace)" },
] as const;

const meaning: Record<string, string> = {
  "*": "Every event, including types added later.",
  "instance.*": "Every instance event.",
  "snapshot.*": "Every snapshot event.",
  "backup.*": "Every backup event.",
  "billing.*": "Every billing event.",
  "instance.created": "An instance was created.",
  "instance.status_changed": "An instance changed status (provisioning, running, stopped…).",
  "instance.deleted": "An instance was deleted.",
  "snapshot.completed": "A snapshot finished.",
  "backup.completed": "A backup finished.",
  "billing.credits_added": "Credits were granted or topped up.",
  "billing.balance_low": "The balance fell below its threshold.",
  "billing.charged": "Yesterday's usage was charged (daily).",
  "billing.payment_succeeded": "A purchase or an auto-recharge was paid.",
  "billing.payment_failed": "A purchase or an auto-recharge was declined.",
  "billing.auto_recharge_disabled": "Auto-recharge turned itself off after repeated declines.",
};

/** The pattern, other than the choice itself, that already delivers it; null when none does. */
export function coveredBy(choice: string, chosen: readonly string[]): string | null {
  return subscriptionsFor(choice).find((pattern) => pattern !== choice && chosen.includes(pattern)) ?? null;
}

/** What to send: the chosen subscriptions no other chosen pattern covers, in the catalogue's order. */
export function subscriptionsToSend(chosen: readonly string[]): Subscription[] {
  return ([...EVENT_PATTERNS, ...EVENT_TYPES] as Subscription[]).filter((choice) => chosen.includes(choice) && !coveredBy(choice, chosen));
}

type EventChoicesProps = { chosen: string[]; onChange: (chosen: string[]) => void; error?: string };

export function EventChoices({ chosen, onChange, error }: EventChoicesProps) {
  const errorId = useId();
  const choice = (value: string) => {
    const cover = coveredBy(value, chosen);
    return (
      <CheckboxField
        key={value}
        name="events"
        value={value}
        label={<code className="font-mono text-[13px]">{value}</code>}
        description={cover ? `Included in ${cover}.` : meaning[value]}
        checked={chosen.includes(value) || cover !== null}
        disabled={cover !== null}
        onChange={(event) => onChange(event.target.checked ? [...chosen, value] : chosen.filter((c) => c !== value))}
      />
    );
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700">Events</legend>
      <p className="text-xs text-slate-500">The test event reaches the endpoint whatever it subscribes to.</p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">{choice("*")}</div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {families.map(({ family, title }) => (
          <div key={family} role="group" aria-label={title} className="rounded-md border border-slate-200 p-3">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
            <div className="space-y-2">
              {choice(`${family}.*`)}
              {EVENT_TYPES.filter((type) => type.startsWith(`${family}.`)).map(choice)}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
