import type { Metadata } from "next";
import { AuditLog } from "@/components/security/audit-log";
import { ChangePassword } from "@/components/security/change-password";
import { SessionList } from "@/components/security/session-list";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { SignOutEverywhere } from "@/components/security/sign-out-everywhere";
import { RoleOnly } from "@/components/console/role";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspaceDuringSetUp } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Security · Switchyard" };

export default async function SecurityPage() {
  const workspace = await consoleWorkspaceDuringSetUp();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Security"
        description="Your console sessions, and who signed in and what changed in this workspace, across all its projects, newest first. Secrets and passwords are never recorded."
      />
      <Card title="Two-factor sign-in"><TwoFactorCard requireTwoFactor={workspace.requireTwoFactor} /></Card>
      <Card title="Sessions">
        <SignOutEverywhere />
        <SessionList />
      </Card>
      <Card title="Password">
        <ChangePassword />
      </Card>
      {/* The workspace's audit log: an admin's. */}
      <RoleOnly least="admin">
        {!workspace.mustSetUpTwoFactor && <Card title="Audit log"><AuditLog /></Card>}
        <p className="text-sm text-slate-500">
          The same log is at <code className="text-xs">GET /v1/audit_events</code> with any key of this workspace.
        </p>
      </RoleOnly>
    </div>
  );
}
