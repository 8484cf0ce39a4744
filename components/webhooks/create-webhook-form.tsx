"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { WebhookForm } from "./webhook-form";

export type CreatedWebhook = { url: string; secret: string };

/** Adds an endpoint; its signing secret goes to `onCreated`, the only place it ever appears. */
export function CreateWebhookForm({ projectId, onCreated }: { projectId: string; onCreated: (created: CreatedWebhook) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
        if (result.secret) onCreated({ url: result.webhook.url, secret: result.secret });
      },
    }),
  );
  return (
    <WebhookForm
      submitLabel="Add endpoint"
      pendingLabel="Adding…"
      pending={create.isPending}
      error={create.error}
      onResetError={create.reset}
      onSubmit={(webhook) => create.mutate({ projectId, webhook: { ...webhook, description: webhook.description || undefined } })}
    />
  );
}
