"use client";
// What can be done to one endpoint: a test event, editing, pausing or resuming, a new signing
// secret (confirmed first) and deleting it (confirmed first).
import { plainMessage } from "@/components/console/plain-message";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import type { WebhookView } from "@/server/webhooks/schema";
import type { WebhookToggle } from "./use-webhook-toggle";

export type RotatedSecret = { secret: string; previousUntil: string | null };

type WebhookControlsProps = {
  projectId: string;
  webhook: WebhookView;
  toggle: WebhookToggle;
  onEdit: () => void;
  onPinged: () => void;
  onRotated: (rotated: RotatedSecret) => void;
};

export function WebhookControls({ projectId, webhook, toggle, onEdit, onPinged, onRotated }: WebhookControlsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ping = useMutation(
    trpc.webhooks.ping.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
        onPinged();
      },
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
        onRotated({ secret: result.secret, previousUntil: result.webhook.previous_secret_expires_at });
      },
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.webhooks.list.pathFilter()) }),
  );
  const { id, url, enabled } = webhook;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={!enabled || ping.isPending}
          title={enabled ? undefined : "Enable the endpoint to send a test event."}
          onClick={() => ping.mutate({ projectId, id })}
        >
          {ping.isPending ? "Sending…" : "Send test event"}
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        {/* Disabled by the service: its notice carries "Enable again". */}
        {!webhook.disabled_reason && (
          <Button variant="secondary" disabled={toggle.pending} onClick={() => toggle.run(!enabled)}>
            {toggle.pending ? "Saving…" : enabled ? "Disable" : "Enable"}
          </Button>
        )}
        <ConfirmMutation
          mutation={rotate}
          variant="secondary"
          label="Rotate secret"
          ariaLabel={`Rotate the signing secret of ${url}`}
          confirmLabel="Confirm rotate"
          pendingLabel="Rotating…"
          note="A new secret is shown once; the old one keeps signing beside it for 24 h."
          onConfirm={() => rotate.mutate({ projectId, id })}
        />
        <ConfirmMutation
          mutation={remove}
          ariaLabel={`Delete the endpoint ${url}`}
          note="Deliveries stop and the delivery log is deleted."
          onConfirm={() => remove.mutate({ projectId, id })}
        />
      </div>
      {ping.error && <Alert>{plainMessage(ping.error.message)}</Alert>}
      {toggle.error && <Alert>{toggle.error}</Alert>}
    </div>
  );
}
