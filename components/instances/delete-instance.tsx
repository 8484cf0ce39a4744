"use client";
// Deleting an instance, after confirming: it goes to `deleting`, then `deleted`; its snapshots stay.
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { useInstanceChanged } from "./instance-changed";
import { refusal } from "./instance-status";

export function DeleteInstance({ projectId, instance }: { projectId: string; instance: { id: string; status: string; hostname: string } }) {
  const trpc = useTRPC();
  const changed = useInstanceChanged(projectId, instance.id);
  const remove = useMutation(trpc.instances.delete.mutationOptions({ onSettled: changed }));
  const reason = refusal("delete", instance.status);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Deleting destroys the instance and its disk. Snapshots stay in the project until you delete them.
      </p>
      {reason ? (
        <p className="text-xs text-slate-500">{reason}</p>
      ) : (
        <ConfirmMutation
          mutation={remove}
          variant="secondary"
          label="Delete instance"
          ariaLabel={`Delete instance ${instance.hostname}`}
          onConfirm={() => remove.mutate({ projectId, id: instance.id })}
        />
      )}
    </div>
  );
}
