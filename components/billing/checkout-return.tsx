"use client";
// Back from the payment page (`/billing?checkout=pay_...`): waits for the provider's confirmation
// to arrive (the webhook), then says how many credits were added.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { formatCredits } from "@/components/console/format-credits";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";

export function CheckoutReturn() {
  const id = useSearchParams().get("checkout");
  if (!id) return null;
  if (id === "cancelled") return <Alert tone="info">The payment was cancelled: nothing was charged.</Alert>;
  return <PaymentOutcome id={id} />;
}

function PaymentOutcome({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const payment = useQuery(
    trpc.billing.payment.queryOptions({ id }, { refetchInterval: (query) => (query.state.data?.status === "pending" ? 1000 : false) }),
  );
  const status = payment.data?.status;
  useEffect(() => {
    if (status !== "succeeded") return;
    void queryClient.invalidateQueries(trpc.billing.pathFilter());
    router.refresh(); // the header's balance
  }, [status, queryClient, trpc, router]);
  if (payment.isError) return <Alert>{payment.error.message}</Alert>;
  return (
    <div data-testid="checkout-result" data-status={status ?? "loading"} role="status">
      {status === "succeeded" && payment.data ? (
        <Alert tone="success">Payment received: {formatCredits(payment.data.credits)} added to your balance.</Alert>
      ) : status === "failed" ? (
        <Alert>The payment failed: {payment.data?.failure_reason ?? "nothing was charged"}.</Alert>
      ) : (
        <Alert tone="info">Waiting for the payment provider to confirm your payment…</Alert>
      )}
    </div>
  );
}
