"use client";
// The service operator's section of Billing, shown only to operators (operator.isOperator). Its
// controls (operator-controls.tsx) load only then: no member's Billing page carries their code.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTRPC } from "@/components/providers";
import { Loading } from "@/components/ui/states";

const OperatorControls = dynamic(() => import("./operator-controls").then((module) => module.OperatorControls), {
  loading: () => <Loading label="Loading the operator's controls" />,
});

export function OperatorSection({ ownWorkspaceId, ownTier }: { ownWorkspaceId: string; ownTier: string }) {
  const trpc = useTRPC();
  const isOperator = useQuery(trpc.operator.isOperator.queryOptions());
  if (!isOperator.data?.operator) return null;
  return <OperatorControls ownWorkspaceId={ownWorkspaceId} ownTier={ownTier} />;
}
