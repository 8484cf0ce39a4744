"use client";
// An operator's view of one workspace's payments (its own by default), with a refund for each paid
// top-up or auto-recharge: confirmed first, then made through the payment provider (the same
// service as `npm run admin -- refund-payment`); the credits go when the provider's event arrives.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { formatCredits } from "@/components/console/format-credits";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Moment } from "@/components/ui/moment";
import { Empty, Loading, LoadError } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { money } from "./money";
import { paymentKinds } from "./payment-kinds";

type Row = { id: string; kind: string; status: string; credits: number; amount: number; currency: string; created_at: string; refundable: boolean };

export function OperatorPayments({ ownWorkspaceId }: { ownWorkspaceId: string }) {
  const [workspaceId, setWorkspaceId] = useState(ownWorkspaceId);
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWorkspaceId(String(new FormData(event.currentTarget).get("workspaceId")).trim());
  };
  return (
    <div className="space-y-4">
      <form onSubmit={show} className="flex flex-wrap items-end gap-3" aria-label="Payments of a workspace">
        <TextField label="Workspace id" name="workspaceId" defaultValue={ownWorkspaceId} spellCheck={false} />
        <Button type="submit" variant="secondary">Show payments</Button>
      </form>
      {workspaceId && <PaymentsOf workspaceId={workspaceId} />}
    </div>
  );
}

function PaymentsOf({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const payments = useQuery(trpc.operator.workspacePayments.queryOptions({ workspaceId, limit: 50 }, { staleTime: 0 }));
  const [asking, setAsking] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (payments.isPending) return <Loading label="Loading payments" />;
  if (payments.isError) return <LoadError error={payments.error} retry={() => payments.refetch()} />;
  if (payments.data.payments.length === 0) return <Empty title="No payments">This workspace has bought no credits.</Empty>;
  return (
    <div className="space-y-3">
      {done && <Alert tone="success">{done}</Alert>}
      <Table label={`Payments of ${workspaceId}`}>
        <thead>
          <tr>
            <Th>When</Th>
            <Th>What</Th>
            <Th>Credits</Th>
            <Th>Amount</Th>
            <Th>Status</Th>
            <Th>Refund</Th>
          </tr>
        </thead>
        <tbody>
          {payments.data.payments.map((p) => (
            <tr key={p.id} data-testid="operator-payment-row" data-payment-id={p.id} className="border-t border-slate-100">
              <Td label="When"><Moment at={p.created_at} /></Td>
              <Td label="What">{paymentKinds[p.kind] ?? p.kind}</Td>
              <Td label="Credits">{formatCredits(p.credits)}</Td>
              <Td label="Amount">{money(p.amount, p.currency)}</Td>
              <Td label="Status">{p.status}</Td>
              <Td label="Refund">
                {!p.refundable ? (
                  "—"
                ) : asking === p.id ? (
                  <ConfirmRefund payment={p} onDone={(message) => { setAsking(null); setDone(message); }} onCancel={() => setAsking(null)} />
                ) : (
                  <Button variant="secondary" onClick={() => { setDone(null); setAsking(p.id); }}>Refund {p.id}</Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function ConfirmRefund({ payment, onDone, onCancel }: { payment: Row; onDone: (message: string) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const refund = useMutation(
    trpc.operator.refundPayment.mutationOptions({
      onSuccess: () => {
        onDone(`Refund of ${payment.id} requested: its ${formatCredits(payment.credits)} are taken back when the payment provider confirms it.`);
        void queryClient.invalidateQueries(trpc.operator.workspacePayments.pathFilter());
        void queryClient.invalidateQueries(trpc.billing.pathFilter());
        router.refresh();
      },
    }),
  );
  return (
    <div role="group" aria-label={`Confirm the refund of ${payment.id}`} className="space-y-2">
      <p className="text-sm">
        Refund {money(payment.amount, payment.currency)} and take back {formatCredits(payment.credits)}? The balance may go below zero.
      </p>
      {refund.error && <Alert>{refund.error.message}</Alert>}
      <div className="flex gap-2">
        <Button variant="danger" disabled={refund.isPending} onClick={() => refund.mutate({ paymentId: payment.id })}>
          {refund.isPending ? "Refunding…" : "Confirm refund"}
        </Button>
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}
