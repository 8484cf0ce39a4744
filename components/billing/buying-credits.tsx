"use client";
// The Billing page's purchases, for owners and admins (the service refuses anyone else): the
// outcome of a payment just made, "Add credits", auto-recharge, the low-balance alert and the
// payment history.
import { Suspense } from "react";
import { RoleOnly } from "@/components/console/role";
import { Card } from "@/components/ui/card";
import { AddCredits } from "./add-credits";
import { AutoRechargeForm } from "./auto-recharge-form";
import { CheckoutReturn } from "./checkout-return";
import { LowBalanceForm } from "./low-balance-form";
import { PaymentHistory } from "./payment-history";

export function BuyingCredits() {
  return (
    <RoleOnly least="admin">
      <Suspense fallback={null}>
        <CheckoutReturn />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Add credits">
          <AddCredits />
        </Card>
        <Card title="Auto-recharge">
          <AutoRechargeForm />
        </Card>
        <Card title="Low-balance alert">
          <LowBalanceForm />
        </Card>
      </div>
      <Card title="Payments">
        <PaymentHistory />
      </Card>
    </RoleOnly>
  );
}
