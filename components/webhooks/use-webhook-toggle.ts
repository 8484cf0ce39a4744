"use client";
// Enabling or disabling an endpoint.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";

export type WebhookToggle = { pending: boolean; error: string | null; run: (enabled: boolean) => void };

export function useWebhookToggle(projectId: string, id: string): WebhookToggle {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setEnabled = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
        // Resuming sends the queued deliveries: their log moves again.
        void queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
      },
    }),
  );
  return {
    pending: setEnabled.isPending,
    error: setEnabled.error?.message ?? null,
    run: (enabled: boolean) => setEnabled.mutate({ projectId, id, changes: { enabled } }),
  };
}
