"use client";
// What a change of one instance makes stale: the instance, the list it shows in, and its actions
// (a change that starts an action may end before the actions list's poll would notice it).
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";

export function useInstanceChanged(projectId: string, id: string): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.instances.get.queryFilter({ projectId, id }));
    void queryClient.invalidateQueries(trpc.instances.list.pathFilter());
    void queryClient.invalidateQueries(trpc.instances.actions.pathFilter());
  };
}
