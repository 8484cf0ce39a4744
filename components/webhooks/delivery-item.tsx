"use client";
// One delivery of an event to an endpoint: its state, every attempt (answer, duration, error),
// when it is tried next, and a button that sends it again now.
import { plainMessage } from "@/components/console/plain-message";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { RoleOnly } from "@/components/console/role";
import { Button } from "@/components/ui/button";
import type { DeliveryView } from "@/server/webhooks/schema";

import { when } from "./when";
import { Moment } from "@/components/ui/moment";

function deliveryState(delivery: DeliveryView): { label: string; tone: BadgeTone } {
  if (delivery.status === "succeeded") return { label: "Succeeded", tone: "good" };
  if (delivery.status === "failed") return { label: "Failed", tone: "bad" };
  return delivery.attempts.length ? { label: "Retrying", tone: "warn" } : { label: "Pending", tone: "busy" };
}

function Attempt({ attempt, last }: { attempt: DeliveryView["attempts"][number]; last: boolean }) {
  const answer = attempt.status_code ? `HTTP ${attempt.status_code}` : attempt.outcome === "refused" ? "Refused by the address guard" : "No answer";
  return (
    <li data-testid="delivery-attempt" className="flex flex-wrap gap-x-3 gap-y-0.5 rounded-md bg-slate-50 px-2.5 py-1.5">
      <span className="font-medium text-slate-700">Attempt {attempt.number}</span>
      <span className={attempt.outcome === "succeeded" ? "font-medium text-emerald-700" : "font-medium text-red-700"}>{answer}</span>
      <span className="tabular-nums text-slate-600">{attempt.duration_ms} ms</span>
      <span className="text-slate-500"><Moment at={attempt.started_at} relative /></span>
      {attempt.error && <span className="basis-full break-words text-red-700">{attempt.error}</span>}
      {last && attempt.next_retry_at && <span className="basis-full text-slate-500">Next retry <Moment at={attempt.next_retry_at} relative /></span>}
    </li>
  );
}

type DeliveryItemProps = { projectId: string; webhookId: string; enabled: boolean; delivery: DeliveryView };

export function DeliveryItem({ projectId, webhookId, enabled, delivery }: DeliveryItemProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.webhooks.retry.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter()) }),
  );
  const state = deliveryState(delivery);
  const { attempts } = delivery;

  return (
    <li data-testid="delivery" data-delivery-id={delivery.id} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <code className="break-all font-mono text-sm font-medium text-slate-900">{delivery.event.type}</code>
        <Badge tone={state.tone} testId="delivery-status">
          {state.label}
        </Badge>
        <span className="text-xs text-slate-500"><Moment at={delivery.created_at} relative /></span>
        <RoleOnly least="developer">
          <Button
            variant="secondary"
            className="ml-auto px-2.5 py-1 text-xs"
            aria-label={`Retry the ${delivery.event.type} delivery of ${when(delivery.created_at)}`}
            title={enabled ? "Send this event again now" : "Enable the endpoint to retry"}
            disabled={!enabled || retry.isPending}
            onClick={() => retry.mutate({ projectId, id: webhookId, deliveryId: delivery.id })}
          >
            {retry.isPending ? "Retrying…" : "Retry"}
          </Button>
        </RoleOnly>
      </div>
      <p className="break-all font-mono text-[11px] text-slate-500" title="The webhook-id header of every attempt">
        {delivery.event.id}
      </p>
      {retry.error && (
        <p role="alert" className="text-xs text-red-600">
          {plainMessage(retry.error.message)}
        </p>
      )}
      {attempts.length > 0 ? (
        <ol aria-label="Attempts" className="space-y-1 text-xs">
          {attempts.map((attempt, index) => (
            <Attempt key={attempt.number} attempt={attempt} last={index === attempts.length - 1} />
          ))}
        </ol>
      ) : (
        <p className="text-xs text-slate-500">
          {delivery.next_attempt_at ? <>Not attempted yet; first attempt <Moment at={delivery.next_attempt_at} relative />.</> : "Not attempted yet."}
        </p>
      )}
    </li>
  );
}
