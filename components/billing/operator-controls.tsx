"use client";
// The service operator's controls (operator-section.tsx loads them for operators only): live
// product rates, tier limits, credit grants and tiers, a workspace's payments with refunds, and the
// log of service-wide changes. Every procedure behind them refuses anyone else.
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { AuditLog } from "@/components/security/audit-log";
import { GrantCreditsForm } from "./grant-credits-form";
import { OperatorPayments } from "./operator-payments";
import { RateEditor } from "./rate-editor";
import { SetTierForm } from "./set-tier-form";
import { TierLimitsEditor } from "./tier-limits-editor";

export function OperatorControls({ ownWorkspaceId, ownTier }: { ownWorkspaceId: string; ownTier: string }) {
  return (
    <section aria-labelledby="operator-heading" className="space-y-6 border-t border-slate-200 pt-6" data-testid="operator-section">
      <div>
        <div className="flex items-center gap-2">
          <h2 id="operator-heading" className="text-xl font-semibold">
            Operator
          </h2>
          <Badge tone="warn">every workspace</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-600">Service-wide controls. Rate and tier limit changes apply to the very next request of every workspace.</p>
      </div>
      <Card title="Product rates (credits per million tokens)">
        <RateEditor />
      </Card>
      <Card title="Tier limits (per-key requests per minute)">
        <TierLimitsEditor />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Grant credits">
          <GrantCreditsForm ownWorkspaceId={ownWorkspaceId} />
        </Card>
        <Card title="Set a workspace's tier">
          <SetTierForm ownWorkspaceId={ownWorkspaceId} ownTier={ownTier} />
        </Card>
      </div>
      <Card title="A workspace's payments (refunds)">
        <OperatorPayments ownWorkspaceId={ownWorkspaceId} />
      </Card>
      <Card title="Service changes (no workspace)">
        <AuditLog of="service" />
      </Card>
    </section>
  );
}
