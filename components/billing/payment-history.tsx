"use client";
// Payments of the workspace (as GET /v1/billing/payments): top-ups, auto-recharges, refunds and
// disputes, with the provider's receipt.
import { useQuery } from "@tanstack/react-query";
import { formatCredits } from "@/components/console/format-credits";
import { useTRPC } from "@/components/providers";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Moment } from "@/components/ui/moment";
import { Empty, Loading, LoadError } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { money } from "./money";
import { paymentKinds } from "./payment-kinds";

const tones: Record<string, BadgeTone> = { pending: "busy", succeeded: "good", failed: "bad" };

export function PaymentHistory() {
  const trpc = useTRPC();
  const payments = useQuery(trpc.billing.payments.queryOptions({ limit: 50 }, { staleTime: 0 }));
  if (payments.isPending) return <Loading label="Loading payments" />;
  if (payments.isError) return <LoadError error={payments.error} retry={() => payments.refetch()} />;
  if (payments.data.payments.length === 0) return <Empty title="No payments yet">Credits you buy show here, with their receipts.</Empty>;
  return (
    <Table label="Payments">
      <thead>
        <tr>
          <Th>When</Th>
          <Th>What</Th>
          <Th>Credits</Th>
          <Th>Amount</Th>
          <Th>Status</Th>
          <Th>Receipt</Th>
        </tr>
      </thead>
      <tbody>
        {payments.data.payments.map((p) => (
          <tr key={p.id} data-testid="payment-row" className="border-t border-slate-100">
            <Td label="When"><Moment at={p.created_at} /></Td>
            <Td label="What">{paymentKinds[p.kind] ?? p.kind}</Td>
            <Td label="Credits">{p.kind === "refund" || p.kind === "dispute" ? "−" : "+"}{formatCredits(p.credits)}</Td>
            <Td label="Amount">{money(p.amount, p.currency)}</Td>
            <Td label="Status"><Badge tone={tones[p.status] ?? "neutral"} testId="payment-status">{p.status}</Badge>{p.failure_reason && <span className="ml-2 text-xs text-slate-500">{p.failure_reason}</span>}</Td>
            <Td label="Receipt">{p.receipt_url ? <a href={p.receipt_url} className="underline" target="_blank" rel="noreferrer">Receipt</a> : "—"}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
