"use client";
// Power on, power off, reboot: each offered only when the instance's status allows it, and
// otherwise disabled with the reason beside it. A refusal of the service (409) is shown as it came.
import { plainMessage } from "@/components/console/plain-message";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useInstanceChanged } from "./instance-changed";
import { refusal } from "./instance-status";

const actions = [
  { type: "power_on", label: "Power on", pending: "Powering on…" },
  { type: "power_off", label: "Power off", pending: "Powering off…" },
  { type: "reboot", label: "Reboot", pending: "Rebooting…" },
] as const;

export function PowerControls({ projectId, instance }: { projectId: string; instance: { id: string; status: string } }) {
  const trpc = useTRPC();
  const changed = useInstanceChanged(projectId, instance.id);
  const reasonId = useId();
  const act = useMutation(trpc.instances.action.mutationOptions({ onSettled: changed }));

  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        {actions.map((action) => {
          const reason = refusal(action.type, instance.status);
          const pending = act.isPending && act.variables?.type === action.type;
          return (
            <li key={action.type} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button
                variant="secondary"
                className="w-28"
                disabled={reason !== null || act.isPending}
                aria-describedby={reason ? `${reasonId}-${action.type}` : undefined}
                onClick={() => act.mutate({ projectId, id: instance.id, type: action.type })}
              >
                {pending ? action.pending : action.label}
              </Button>
              {reason && (
                <span id={`${reasonId}-${action.type}`} className="text-xs text-slate-500">
                  {reason}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {act.error && <Alert>{plainMessage(act.error.message)}</Alert>}
    </div>
  );
}
