// Members and invitations on the real database: an invitation works once, before it expires, for
// the invited address only; a workspace never loses its last owner, even to changes at once; a
// removed member's sessions in the workspace end; switching moves a session between workspaces.
import { env } from "../env";
import { describe, expect, it } from "vitest";
import { withConsoleUrl } from "../../test/kits/mail-links";
import { signUp } from "../accounts/service";
import { sessionIsCurrent, startSession } from "../accounts/sessions";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { linkTokenHash } from "../link-tokens";
import { currentMembership } from "../workspaces/membership";
import type { Role } from "../workspaces/role-order";
import { acceptInvite, inviteMember, pendingInvites, revokeInvite, showInvite } from "./invites";
import { createKey } from "../keys/service";
import { changeRole, leaveWorkspace, removeMember } from "./members";
import { switchWorkspace } from "./workspaces";

withConsoleUrl();

const tag = () => newId("req").slice(-10).toLowerCase();
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError);

async function person(name = "Member") {
  const email = `${name.toLowerCase()}-${tag()}@members.test`;
  const account = await signUp({ email, password: "a-long-enough-password", name }, { emailVerified: true });
  return { ...account, email };
}

/** An owner's workspace, acting as that owner. */
async function workspace() {
  const owner = await person("Owner");
  return { owner, acting: { userId: owner.userId, workspaceId: owner.workspaceId, address: "192.0.2.1" } };
}

/** An invitation whose link's token is known (the service mails it; here it is made the same way). */
async function inviteRow(workspaceId: string, email: string, role: Role, expiresAt = new Date(Date.now() + 86_400_000)) {
  const token = `t${tag()}${tag()}`;
  await db().invite.create({ data: { id: newId("inv"), workspaceId, email, role, tokenHash: linkTokenHash(token), expiresAt } });
  return token;
}

async function joined(workspaceId: string, role: Role) {
  const member = await person(role);
  await db().membership.create({ data: { userId: member.userId, workspaceId, role } });
  return member;
}

const roleOf = async (userId: string, workspaceId: string) =>
  (await db().membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } }, select: { role: true } }))?.role ?? null;

describe("invitations", () => {
  it("an owner's invitation is pending, audited, and replaced by a new one to the same address", async () => {
    const { owner, acting } = await workspace();
    const email = `new-${tag()}@members.test`;
    const first = await inviteMember({ ...acting, origin: null }, { email, role: "developer" });
    const second = await inviteMember({ ...acting, origin: null }, { email, role: "viewer" });
    const { invites } = await pendingInvites(acting);
    expect(invites.map((invite) => [invite.id, invite.role, invite.invitedBy])).toEqual([[second.id, "viewer", owner.email]]);
    expect(first.id).not.toBe(second.id);
    // No mail server here (SMTP_URL unset): the answer says so and carries the link that works.
    expect(env.SMTP_URL).toBeUndefined();
    expect(second).toMatchObject({ mailed: false, link: expect.stringMatching(/\/invite\?token=/) });
    const token = new URL((second as { link: string }).link).searchParams.get("token")!;
    expect(await showInvite(token)).toMatchObject({ role: "viewer", email });
    const audit = await db().auditEvent.findMany({ where: { workspaceId: owner.workspaceId, action: "member.invite" } });
    expect(audit.map((event) => [event.targetName, event.actorName])).toEqual([[email, owner.email], [email, owner.email]]);
    expect((await refusal(inviteMember({ ...acting, origin: null }, { email: owner.email, role: "admin" })))?.code).toBe("conflict");
    await revokeInvite(acting, second.id);
    expect((await pendingInvites(acting)).invites).toEqual([]);
  });

  it("works once, for the invited address, and moves the accepting session into the workspace", async () => {
    const { owner } = await workspace();
    const invited = await person("Invited");
    const stranger = await person("Stranger");
    const token = await inviteRow(owner.workspaceId, invited.email, "developer");
    expect(await showInvite(token)).toMatchObject({ role: "developer", email: invited.email, workspaceName: expect.any(String) });
    const wrong = await refusal(acceptInvite({ userId: stranger.userId }, token));
    expect(wrong?.code).toBe("forbidden");
    expect(wrong?.message).toContain(invited.email);
    const sessionId = await startSession(invited.userId, {});
    expect((await currentMembership({ userId: invited.userId, sessionId })).workspaceId).toBe(invited.workspaceId);
    expect(await acceptInvite({ userId: invited.userId, sessionId }, token)).toMatchObject({ workspaceId: owner.workspaceId, role: "developer" });
    expect(await currentMembership({ userId: invited.userId, sessionId })).toMatchObject({ workspaceId: owner.workspaceId, role: "developer" });
    const again = await refusal(acceptInvite({ userId: invited.userId, sessionId }, token));
    expect([again?.code, again?.message]).toEqual(["not_found", expect.stringContaining("used already")]);
    expect(await db().auditEvent.count({ where: { workspaceId: owner.workspaceId, action: "member.join", target: invited.userId } })).toBe(1);
  });

  it("an expired or unknown link is refused in words", async () => {
    const { owner } = await workspace();
    const invited = await person("Late");
    const token = await inviteRow(owner.workspaceId, invited.email, "viewer", new Date(Date.now() - 1000));
    expect((await refusal(acceptInvite({ userId: invited.userId }, token)))?.message).toContain("expired");
    expect((await refusal(showInvite("nothing-like-a-token")))?.message).toContain("not valid");
    expect(await roleOf(invited.userId, owner.workspaceId)).toBeNull();
  });
});

describe("the last owner", () => {
  it("cannot be demoted, removed or leave; another owner first, then they can", async () => {
    const { owner, acting } = await workspace();
    expect((await refusal(changeRole(acting, owner.userId, "admin")))?.code).toBe("conflict");
    expect((await refusal(leaveWorkspace(acting)))?.message).toContain("last owner");
    const admin = await joined(owner.workspaceId, "admin");
    const asAdmin = { userId: admin.userId, workspaceId: owner.workspaceId };
    expect((await refusal(removeMember(asAdmin, owner.userId)))?.message).toContain("last owner");
    await changeRole(acting, admin.userId, "owner");
    await changeRole(acting, owner.userId, "viewer");
    expect(await roleOf(owner.userId, owner.workspaceId)).toBe("viewer");
    const changes = await db().auditEvent.findMany({ where: { workspaceId: owner.workspaceId, action: "member.role_change" }, orderBy: { createdAt: "asc" } });
    expect(changes.map((event) => event.changes)).toEqual([{ role: ["admin", "owner"] }, { role: ["owner", "viewer"] }]);
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const { owner, acting } = await workspace();
    const other = await joined(owner.workspaceId, "owner");
    const results = await Promise.allSettled([
      changeRole(acting, other.userId, "admin"),
      changeRole({ userId: other.userId, workspaceId: owner.workspaceId }, owner.userId, "admin"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db().membership.count({ where: { workspaceId: owner.workspaceId, role: "owner" } })).toBe(1);
  });
});

describe("removing and leaving", () => {
  it("a removed member's sessions in the workspace end; their sessions elsewhere stay", async () => {
    const { owner, acting } = await workspace();
    const member = await joined(owner.workspaceId, "developer");
    const here = await startSession(member.userId, {});
    await switchWorkspace({ userId: member.userId, sessionId: here }, owner.workspaceId);
    const elsewhere = await startSession(member.userId, {});
    expect((await refusal(removeMember(acting, owner.userId)))?.message).toContain("leave");
    await removeMember(acting, member.userId);
    expect(await sessionIsCurrent(member.userId, here)).toBe(false);
    expect(await sessionIsCurrent(member.userId, elsewhere)).toBe(true);
    expect(await roleOf(member.userId, owner.workspaceId)).toBeNull();
    expect((await refusal(switchWorkspace({ userId: member.userId, sessionId: elsewhere }, owner.workspaceId)))?.code).toBe("not_found");
  });

  it("a member who leaves goes on in their own workspace", async () => {
    const { owner } = await workspace();
    const member = await joined(owner.workspaceId, "viewer");
    const sessionId = await startSession(member.userId, {});
    await switchWorkspace({ userId: member.userId, sessionId }, owner.workspaceId);
    expect(await currentMembership({ userId: member.userId, sessionId })).toMatchObject({ workspaceId: owner.workspaceId, role: "viewer" });
    expect(await leaveWorkspace({ userId: member.userId, workspaceId: owner.workspaceId })).toMatchObject({ workspaceId: member.workspaceId });
    expect(await currentMembership({ userId: member.userId, sessionId })).toMatchObject({ workspaceId: member.workspaceId, role: "owner" });
    expect(await sessionIsCurrent(member.userId, sessionId)).toBe(true);
    expect(await db().auditEvent.count({ where: { workspaceId: owner.workspaceId, action: "member.leave", target: member.userId } })).toBe(1);
  });

  // Issue 38, row 11: a removed member's keys kept working, spending the workspace's credits.
  it("removing a member revokes the keys they made and the keys below those, audited; the owner may keep them", async () => {
    const { owner, acting } = await workspace();
    const member = await joined(owner.workspaceId, "developer");
    const asMember = { workspaceId: owner.workspaceId, projectId: owner.projectId, maxScope: "read_write" as const, by: { type: "user" as const, id: member.userId } };
    const made = await createKey(asMember, { name: "member's key", scope: "read_write" });
    const child = await createKey({ ...asMember, by: { type: "api_key", id: made.api_key.id } }, { name: "made by that key", scope: "read" });
    const ownersKey = await createKey({ ...asMember, by: { type: "user", id: owner.userId } }, { name: "owner's key", scope: "read" });
    const result = await removeMember(acting, member.userId);
    expect(result).toMatchObject({ removed: true, revokedKeys: [made.api_key.id, child.api_key.id] });
    const revoked = await db().apiKey.findMany({ where: { id: { in: [made.api_key.id, child.api_key.id, ownersKey.api_key.id] } }, select: { id: true, revokedAt: true } });
    expect(Object.fromEntries(revoked.map((k) => [k.id, k.revokedAt !== null]))).toEqual({ [made.api_key.id]: true, [child.api_key.id]: true, [ownersKey.api_key.id]: false });
    const removal = await db().auditEvent.findFirstOrThrow({ where: { workspaceId: owner.workspaceId, action: "member.remove", target: member.userId } });
    expect(removal.changes).toMatchObject({ api_keys_revoked: [null, [made.api_key.id, child.api_key.id]] });
    expect(await db().auditEvent.count({ where: { workspaceId: owner.workspaceId, action: "api_key.revoke", actorId: owner.userId } })).toBe(2);

    const kept = await joined(owner.workspaceId, "developer");
    const keptKey = await createKey({ ...asMember, by: { type: "user", id: kept.userId } }, { name: "kept key", scope: "read" });
    expect(await removeMember(acting, kept.userId, { revokeKeys: false })).toMatchObject({ keptKeys: [keptKey.api_key.id] });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: keptKey.api_key.id } })).revokedAt).toBeNull();
    const keptRemoval = await db().auditEvent.findFirstOrThrow({ where: { workspaceId: owner.workspaceId, action: "member.remove", target: kept.userId } });
    expect(keptRemoval.changes).toMatchObject({ api_keys_kept: [null, [keptKey.api_key.id]] });
  });
});
