"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import type { WebhookView } from "@/server/webhooks/schema";
import { WebhookForm } from "./webhook-form";

/** Changes an endpoint's URL, events and description; the secret and the log stay. */
export function EditWebhookForm({ projectId, webhook, onDone }: { projectId: string; webhook: WebhookView; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
        onDone();
      },
    }),
  );
  return (
    <WebhookForm
      initial={webhook}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      pending={update.isPending}
      error={update.error}
      onResetError={update.reset}
      onCancel={onDone}
      onSubmit={(changes) => update.mutate({ projectId, id: webhook.id, changes })}
    />
  );
}
