"use client";
// The invitations not yet accepted (owners only): to whom, which role, who sent it, until when;
// each revoked after confirming, so its link no longer works.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { roleLabel } from "./role-words";
import { Moment } from "@/components/ui/moment";


export function InviteList() {
  const trpc = useTRPC();
  const invites = useQuery(trpc.members.invites.queryOptions());
  if (invites.isPending) return <Loading label="Loading the invitations" />;
  if (invites.isError) return <LoadError error={invites.error} retry={() => invites.refetch()} />;
  if (invites.data.invites.length === 0) return <Empty title="No invitation waiting." testId="no-invites" />;
  return (
    <ListTable label="Pending invitations" columns={["Email", "Role", "Invited", "Expires"]} actions>
      {invites.data.invites.map((invite) => (
        <tr key={invite.id} data-testid="invite-row" data-email={invite.email}>
          <Td label="Email" className="max-w-[18rem] break-words font-medium">{invite.email}</Td>
          <Td label="Role">{roleLabel(invite.role)}</Td>
          <Td label="Invited" className="text-slate-600">
            <span className="block whitespace-nowrap"><Moment at={invite.createdAt} relative /></span>
            {invite.invitedBy && <span className="block text-xs">by {invite.invitedBy}</span>}
          </Td>
          <Td label="Expires" className="whitespace-nowrap text-slate-600"><Moment at={invite.expiresAt} relative /></Td>
          <ActionsTd>
            <RevokeInvite id={invite.id} email={invite.email} />
          </ActionsTd>
        </tr>
      ))}
    </ListTable>
  );
}

function RevokeInvite({ id, email }: { id: string; email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.members.revokeInvite.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.members.invites.pathFilter()) }));
  return (
    <ConfirmMutation
      mutation={revoke}
      label="Revoke"
      confirmLabel="Confirm revoke"
      pendingLabel="Revoking…"
      ariaLabel={`Revoke the invitation of ${email}`}
      note="Its link stops working."
      onConfirm={() => revoke.mutate({ id })}
    />
  );
}
