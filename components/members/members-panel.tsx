"use client";
// The Members page: who belongs to the workspace and their roles; for owners, inviting someone
// and the invitations still waiting; for everyone, leaving.
import { RoleOnly } from "@/components/console/role";
import { Card } from "@/components/ui/card";
import { InviteForm } from "./invite-form";
import { InviteList } from "./invite-list";
import { LeaveWorkspace } from "./leave-workspace";
import { MemberList } from "./member-list";

export function MembersPanel({ workspaceName }: { workspaceName: string }) {
  return (
    <div className="space-y-6">
      <Card title="Members" subtitle={workspaceName}>
        <MemberList />
      </Card>
      <RoleOnly least="owner">
        <Card title="Invite a member">
          <InviteForm />
        </Card>
        <Card title="Pending invitations">
          <InviteList />
        </Card>
      </RoleOnly>
      <Card title="Leave this workspace">
        <LeaveWorkspace name={workspaceName} />
      </Card>
    </div>
  );
}
