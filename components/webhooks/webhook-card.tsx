"use client";
// One endpoint: where it delivers, what it subscribes to, its state (with the service's reason
// when it disabled it), its controls, a new secret when rotated, and its delivery log.
import { useState } from "react";
import { useRole } from "@/components/console/role";
import type { WebhookView } from "@/server/webhooks/schema";
import { DeliveryLogSection } from "./delivery-log-section";
import { DisabledNotice } from "./disabled-notice";
import { EditWebhookForm } from "./edit-webhook-form";
import { NewSecret } from "./new-secret";
import { useWebhookToggle } from "./use-webhook-toggle";
import { WebhookControls, type RotatedSecret } from "./webhook-controls";
import { WebhookEvents } from "./webhook-events";
import { WebhookHeading } from "./webhook-heading";

export function WebhookCard({ projectId, webhook }: { projectId: string; webhook: WebhookView }) {
  const [editing, setEditing] = useState(false);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const toggle = useWebhookToggle(projectId, webhook.id);
  // Testing, editing, pausing, rotating and deleting: a developer's; a viewer reads.
  const mayChange = useRole().allows("developer");

  return (
    <article data-testid="webhook" data-webhook-id={webhook.id} aria-label={`Endpoint ${webhook.url}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="space-y-4 p-5">
        <WebhookHeading webhook={webhook} />
        {!editing && <WebhookEvents webhook={webhook} />}
        {!webhook.enabled && webhook.disabled_reason && <DisabledNotice reason={webhook.disabled_reason} toggle={toggle} />}
        {rotated && <NewSecret rotated={rotated} onDone={() => setRotated(null)} />}
        {editing ? (
          <EditWebhookForm projectId={projectId} webhook={webhook} onDone={() => setEditing(false)} />
        ) : mayChange ? (
          <WebhookControls
            projectId={projectId}
            webhook={webhook}
            toggle={toggle}
            onEdit={() => setEditing(true)}
            onPinged={() => setLogOpen(true)}
            onRotated={setRotated}
          />
        ) : null}
      </div>
      <DeliveryLogSection projectId={projectId} webhookId={webhook.id} enabled={webhook.enabled} open={logOpen} onToggle={() => setLogOpen((open) => !open)} />
    </article>
  );
}
