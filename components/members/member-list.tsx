"use client";
// The workspace's members: email, name, role, when they joined, you marked. An owner changes a
// member's role in place and removes a member after confirming; others only read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatTime } from "@/components/console/format-time";
import { plainMessage } from "@/components/console/plain-message";
import { useRole } from "@/components/console/role";
import { useTRPC } from "@/components/providers";
import { Badge } from "@/components/ui/badge";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { LoadError, Loading } from "@/components/ui/states";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { isRole } from "@/server/workspaces/role-order";
import { roleLabel, roleOptions } from "./role-words";
import { Moment } from "@/components/ui/moment";

type Member = { userId: string; email: string; name: string | null; role: string; joinedAt: Date; you: boolean };

export function MemberList() {
  const trpc = useTRPC();
  const { allows } = useRole();
  const members = useQuery(trpc.members.list.queryOptions());
  if (members.isPending) return <Loading label="Loading the members" />;
  if (members.isError) return <LoadError error={members.error} retry={() => members.refetch()} />;
  const manage = allows("owner");
  return (
    <ListTable label="Members" columns={["Email", "Name", "Role", "Joined"]} actions={manage}>
      {members.data.members.map((member) => (
        <tr key={member.userId} data-testid="member-row" data-email={member.email}>
          <Td label="Email" className="max-w-[18rem] break-words">
            <span className="font-medium">{member.email}</span> {member.you && <Badge tone="good">You</Badge>}
          </Td>
          <Td label="Name" className="max-w-[12rem] break-words text-slate-600">{member.name ?? "—"}</Td>
          <Td label="Role">{manage && !member.you ? <RoleChoice member={member} /> : <span data-testid="member-role">{roleLabel(member.role)}</span>}</Td>
          <Td label="Joined" className="whitespace-nowrap text-slate-600"><Moment at={member.joinedAt} /></Td>
          {/* Your own row has no action: on a phone its empty cell would leave a gap under the row. */}
          {manage && (member.you ? <td className="max-md:hidden" /> : <ActionsTd><RemoveMember member={member} /></ActionsTd>)}
        </tr>
      ))}
    </ListTable>
  );
}

function useMembersChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.members.list.pathFilter());
}

/** The member's role, changed as soon as another is chosen (the select shows it while saving). */
function RoleChoice({ member }: { member: Member }) {
  const trpc = useTRPC();
  const changed = useMembersChange();
  const change = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: changed }));
  const shown = change.isPending ? change.variables.role : member.role;
  return (
    <span className="block">
      <label className="sr-only" htmlFor={`role-${member.userId}`}>
        Role of {member.email}
      </label>
      <select
        id={`role-${member.userId}`}
        data-testid="member-role-choice"
        value={shown}
        disabled={change.isPending}
        onChange={(event) => {
          const role = event.target.value;
          if (isRole(role)) change.mutate({ userId: member.userId, role });
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {roleOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {change.error && (
        <span role="alert" className="mt-1 block text-xs text-red-600">
          {plainMessage(change.error.message)}
        </span>
      )}
    </span>
  );
}

function RemoveMember({ member }: { member: Member }) {
  const trpc = useTRPC();
  const changed = useMembersChange();
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: changed }));
  // Revoking is the default: a removed person's keys would go on spending the workspace's credits.
  const [revokeKeys, setRevokeKeys] = useState(true);
  const note = (
    <span className="inline-flex flex-col gap-1">
      <span>They lose access to this workspace at once.</span>
      <label className="inline-flex items-center gap-1">
        <input type="checkbox" checked={revokeKeys} onChange={(event) => setRevokeKeys(event.target.checked)} />
        Also revoke the API keys they made (and the keys made by those)
      </label>
    </span>
  );
  return (
    <ConfirmMutation
      mutation={remove}
      label="Remove"
      confirmLabel="Confirm remove"
      pendingLabel="Removing…"
      ariaLabel={`Remove ${member.email}`}
      note={note}
      onConfirm={() => remove.mutate({ userId: member.userId, revokeKeys })}
    />
  );
}
