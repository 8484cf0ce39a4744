"use client";
// The balance in the header: rendered by the server with the layout, then kept current by the
// same query the billing and overview pages refresh (billing.summary), so it never disagrees
// with the page below it after client-side navigation or a grant.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Credits } from "./credits";

export function HeaderBalance({ balance, testId = "workspace-balance" }: { balance: number; testId?: string }) {
  const trpc = useTRPC();
  const summary = useQuery(trpc.billing.summary.queryOptions());
  return (
    <span data-testid={testId} className="tabular-nums text-slate-700">
      <Credits value={summary.data?.balance ?? balance} unit />
    </span>
  );
}
