"use client";
// One endpoint: where it delivers, what it subscribes to, its state (with the service's reason
// when it disabled it), its controls, a new secret when rotated, and its delivery log.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SecretReveal } from "@/components/ui/secret-reveal";
import type { WebhookView } from "@/server/webhooks/schema";
import { DeliveryLog } from "./delivery-log";
import { EditWebhookForm } from "./edit-webhook-form";
import { WebhookControls, type RotatedSecret } from "./webhook-controls";

const when = (iso: string) => new Date(iso).toLocaleString();

function WebhookState({ webhook }: { webhook: WebhookView }) {
  if (webhook.enabled) return <Badge tone="good" testId="webhook-state">Enabled</Badge>;
  if (webhook.disabled_reason) return <Badge tone="bad" testId="webhook-state">Disabled by Switchyard</Badge>;
  return <Badge tone="neutral" testId="webhook-state">Disabled</Badge>;
}

export function WebhookCard({ projectId, webhook }: { projectId: string; webhook: WebhookView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const logId = useId();
  const [editing, setEditing] = useState(false);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const setEnabled = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
        // Resuming sends the queued deliveries: their log moves again.
        void queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
      },
    }),
  );
  const toggle = {
    pending: setEnabled.isPending,
    error: setEnabled.error?.message ?? null,
    run: (enabled: boolean) => setEnabled.mutate({ projectId, id: webhook.id, changes: { enabled } }),
  };

  return (
    <article data-testid="webhook" data-webhook-id={webhook.id} aria-label={`Endpoint ${webhook.url}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="space-y-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <h3 className="break-all font-mono text-sm font-semibold text-slate-900" data-testid="webhook-url">
              {webhook.url}
            </h3>
            {webhook.description && <p className="mt-1 break-words text-sm text-slate-600">{webhook.description}</p>}
          </div>
          <WebhookState webhook={webhook} />
        </div>

        {!editing && (
          <div className="space-y-1">
            <ul aria-label="Subscribed events" className="flex flex-wrap gap-1.5">
              {webhook.events.map((event) => (
                <li key={event}>
                  <Badge>
                    <code className="font-mono">{event}</code>
                  </Badge>
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-500">
              Added {when(webhook.created_at)}
              {webhook.previous_secret_expires_at && <> · the previous secret also signs until {when(webhook.previous_secret_expires_at)}</>}
            </p>
          </div>
        )}

        {!webhook.enabled && webhook.disabled_reason && (
          <div data-testid="webhook-disabled-notice">
            <Alert tone="warning">
              <p>
                <span className="font-medium">Switchyard disabled this endpoint:</span> {webhook.disabled_reason}
              </p>
              <p className="mt-1">Its events are kept and delivered once you enable it again.</p>
              <Button className="mt-2" variant="secondary" disabled={toggle.pending} onClick={() => toggle.run(true)}>
                {toggle.pending ? "Enabling…" : "Enable again"}
              </Button>
            </Alert>
          </div>
        )}

        {rotated && (
          <SecretReveal
            framed={false}
            title="New signing secret"
            label="New signing secret"
            secret={rotated.secret}
            testId="webhook-secret"
            copyLabel="Copy secret"
            note={
              <>
                Store the new secret now: it is shown only once. The old secret keeps signing beside it for 24 h
                {rotated.previousUntil ? ` (until ${when(rotated.previousUntil)})` : ""}, so your receiver can switch without losing an event.
              </>
            }
            onDone={() => setRotated(null)}
          />
        )}

        {editing ? (
          <EditWebhookForm projectId={projectId} webhook={webhook} onDone={() => setEditing(false)} />
        ) : (
          <WebhookControls
            projectId={projectId}
            webhook={webhook}
            toggle={toggle}
            onEdit={() => setEditing(true)}
            onPinged={() => setLogOpen(true)}
            onRotated={setRotated}
          />
        )}
      </div>

      <div className="border-t border-slate-100 px-5 py-3">
        <button
          type="button"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
          className="flex w-full items-center justify-between gap-2 rounded-md py-1 text-left text-sm font-medium text-slate-700 hover:text-slate-900"
        >
          Delivery log
          <span aria-hidden="true" className={`text-slate-400 transition-transform ${logOpen ? "rotate-90" : ""}`}>
            ›
          </span>
        </button>
        <div id={logId} hidden={!logOpen}>
          {logOpen && <DeliveryLog projectId={projectId} webhookId={webhook.id} enabled={webhook.enabled} />}
        </div>
      </div>
    </article>
  );
}
