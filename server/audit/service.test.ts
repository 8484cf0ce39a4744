// The audit log on the real database: each change a service makes is recorded with its actor, in
// the change's transaction (a refused change leaves no record), listed per workspace newest first
// with cursor paging, and never holding a secret or a password.
import { beforeAll, describe, expect, it } from "vitest";
import { checkCredentials, signUp } from "../accounts/service";
import { addCredits } from "../billing/ledger";
import { setRate } from "../billing/rates";
import { db } from "../db";
import { newId } from "../ids";
import { authenticateKey, createKey, revokeKey, updateKey } from "../keys/service";
import { createSshKey } from "../cloud/ssh-keys/service";
import type { ProjectActor } from "../actor";
import { migrate } from "../migrations";
import { newWorkspace } from "../../test/kits/workspaces";
import { createWebhook, deleteWebhook, rotateWebhookSecret, updateWebhook } from "../webhooks/service";
import { createCaller } from "../trpc/root";
import { setTier } from "../workspaces/service";
import { cliOperator, listAuditEvents, recordAudit } from "./service";

const PASSWORD = "a-long-enough-password";
const URL = "https://93.184.216.34/hook";
const ED25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl audit";

beforeAll(() => migrate());

async function keyActor(): Promise<ProjectActor> {
  const { workspaceId, projectId } = await newWorkspace(0n);
  // A live key (the keys it creates are its children), stored without an audit event of its own.
  const id = newId("key");
  await db().apiKey.create({ data: { id, workspaceId, projectId, name: "actor", scope: "read_write", prefix: "actor000", last4: "0000", hash: id } });
  return { workspaceId, projectId, maxScope: "read_write", by: { type: "api_key", id, address: "203.0.113.5" } };
}

const all = async (workspaceId: string) => (await listAuditEvents({ workspaceId }, { limit: 100 })).audit_events;
const email = (label: string) => `${label}-${newId("req").slice(-10)}@audit.test`;

describe("recording and listing", () => {
  it("lists one workspace's events newest first, page by page, and nothing of another workspace", async () => {
    const { workspaceId } = await newWorkspace(0n);
    const other = await newWorkspace(0n);
    const by = { type: "operator", id: "cli" } as const;
    for (let i = 0; i < 5; i++) await recordAudit(db(), { workspaceId, action: "operator.set_tier", by, target: `t${i}` });
    await recordAudit(db(), { workspaceId: other.workspaceId, action: "operator.set_tier", by, target: "elsewhere" });
    await recordAudit(db(), { workspaceId: null, action: "user.sign_in_failed", by: { type: "user", id: null }, target: "nobody@audit.test" });

    const first = await listAuditEvents({ workspaceId }, { limit: 2 });
    expect(first.audit_events.map((e) => e.target.id)).toEqual(["t4", "t3"]);
    expect(first.next_cursor).toBe(first.audit_events[1].id);
    const second = await listAuditEvents({ workspaceId }, { limit: 2, cursor: first.next_cursor! });
    expect(second.audit_events.map((e) => e.target.id)).toEqual(["t2", "t1"]);
    const last = await listAuditEvents({ workspaceId }, { limit: 2, cursor: second.next_cursor! });
    expect(last.audit_events.map((e) => e.target.id)).toEqual(["t0"]);
    expect(last.next_cursor).toBeNull();

    expect(first.audit_events[0]).toMatchObject({ action: "operator.set_tier", actor: { type: "operator", id: "cli" }, ip: null });
    expect(first.audit_events[0].id).toMatch(/^aud_/);
    expect((await all(other.workspaceId)).map((e) => e.target.id)).toEqual(["elsewhere"]);
  });

  it("refuses an actor type outside the contract (CHECK constraint)", async () => {
    const { workspaceId } = await newWorkspace(0n);
    await expect(
      db().auditEvent.create({ data: { id: newId("aud"), workspaceId, action: "api_key.create", actorType: "robot", actorId: "x", target: "x" } }),
    ).rejects.toThrow();
  });
});

describe("what the services record", () => {
  it("API keys: create and revoke by the acting key, with its address; a refused revoke records nothing", async () => {
    const actor = await keyActor();
    const { api_key, key } = await createKey(actor, { name: "ci", scope: "read" });
    await revokeKey(actor, api_key.id);
    await expect(revokeKey(actor, api_key.id)).rejects.toMatchObject({ code: "not_found" });
    const events = await all(actor.workspaceId);
    expect(events.map((e) => [e.action, e.target.id])).toEqual([["api_key.revoke", api_key.id], ["api_key.create", api_key.id]]);
    for (const event of events) expect(event).toMatchObject({ actor: { type: "api_key", id: actor.by!.id }, ip: "203.0.113.5" });
    expect(JSON.stringify(await db().auditEvent.findMany({ where: { workspaceId: actor.workspaceId } }))).not.toContain(key.slice(4, 20));
  });

  it("webhooks: create, update, rotate and delete, and never the signing secret", async () => {
    const actor = await keyActor();
    const { webhook, secret } = await createWebhook(actor, { url: URL, events: ["*"] });
    await updateWebhook(actor, webhook.id, { description: "changed" });
    const rotated = await rotateWebhookSecret(actor, webhook.id);
    await deleteWebhook(actor, webhook.id);
    await expect(deleteWebhook(actor, webhook.id)).rejects.toMatchObject({ code: "not_found" });
    const events = await all(actor.workspaceId);
    expect(events.map((e) => e.action)).toEqual(["webhook.delete", "webhook.rotate_secret", "webhook.update", "webhook.create"]);
    expect(new Set(events.map((e) => e.target.id))).toEqual(new Set([webhook.id]));
    const stored = JSON.stringify(await db().auditEvent.findMany({ where: { workspaceId: actor.workspaceId } }));
    for (const shown of [secret, rotated.secret]) expect(stored).not.toContain(shown.slice(6, 26));
  });

  it("a change without a named actor is the service's own", async () => {
    const { workspaceId, projectId } = await newWorkspace(0n);
    await createKey({ workspaceId, projectId, maxScope: "read_write" }, { name: "seed", scope: "read" });
    expect((await all(workspaceId))[0].actor).toEqual({ type: "operator", id: "system", name: "system" });
  });

  it("sign-up, sign-in and failed sign-ins with the address; an unknown email belongs to no workspace", async () => {
    const address = "198.51.100.7";
    const person = { email: email("signin"), password: PASSWORD, name: "Ada" };
    const account = await signUp(person, { address });
    expect(await checkCredentials(person.email, "not-the-password", address)).toBeNull();
    expect(await checkCredentials(person.email, PASSWORD, address)).toMatchObject({ id: account.userId });
    const events = await all(account.workspaceId);
    expect(events.map((e) => [e.action, e.target.id])).toEqual([
      ["user.sign_in", account.userId],
      ["user.sign_in_failed", account.userId],
      ["user.sign_up", account.userId],
    ]);
    for (const event of events) expect(event).toMatchObject({ actor: { type: "user", id: account.userId, name: person.email }, target: { type: "user", name: person.email }, ip: address });

    const unknown = email("nobody");
    expect(await checkCredentials(unknown, PASSWORD, null)).toBeNull();
    const stray = await db().auditEvent.findMany({ where: { target: unknown } });
    expect(stray).toMatchObject([{ workspaceId: null, action: "user.sign_in_failed", actorType: "user", actorId: null, ip: null }]);

    const stored = JSON.stringify(await db().auditEvent.findMany({ where: { OR: [{ workspaceId: account.workspaceId }, { target: unknown }] } }));
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain("not-the-password");
  });

  it("operators: credit grants and tiers in the workspace's log; rates service-wide; a refused change records nothing", async () => {
    const { workspaceId } = await newWorkspace(0n);
    const operator = { type: "operator", id: newId("usr"), address: "192.0.2.1" } as const;
    await addCredits(workspaceId, 2_000_000n, { grantedBy: operator });
    await setTier(workspaceId, "growth", cliOperator);
    await expect(setTier(workspaceId, "platinum", cliOperator)).rejects.toMatchObject({ code: "invalid_body" });
    await expect(setTier(newId("wsp"), "growth", cliOperator)).rejects.toMatchObject({ code: "not_found" });
    await addCredits(workspaceId, 1_000_000n); // a fixture's grant, with no operator named: not an audited change
    const events = await all(workspaceId);
    expect(events).toMatchObject([
      { action: "operator.set_tier", actor: { type: "operator", id: "cli" }, target: { id: workspaceId }, ip: null },
      { action: "operator.grant_credits", actor: { type: "operator", id: operator.id }, target: { id: workspaceId }, ip: "192.0.2.1" },
    ]);
    expect(events).toHaveLength(2);

    const before = await db().productRate.findUnique({ where: { product: "fire" } });
    await setRate("fire", 0.5, 1.5, operator);
    const [rate] = await db().auditEvent.findMany({ where: { action: "operator.set_rate", actorId: operator.id } });
    expect(rate).toMatchObject({ workspaceId: null, target: "fire", targetType: "product", actorType: "operator" });
    expect(rate.changes).toMatchObject({ input_per_million_tokens: [before ? Number(before.inputPerMillion) / 1e6 : null, 0.5] });
    if (before) await setRate("fire", Number(before.inputPerMillion) / 1e6, Number(before.outputPerMillion) / 1e6, cliOperator);
  });

  it("authenticating a key writes nothing to the log (the hot path stays as it was)", async () => {
    const actor = await keyActor();
    const { key } = await createKey(actor, { name: "hot", scope: "read" });
    const count = () => db().auditEvent.count();
    const before = await count();
    await authenticateKey(key);
    expect(await count()).toBe(before);
  });

  it("through the console: a member's changes are theirs, an operator's are the operator's, each with the address", async () => {
    const member = await signUp({ email: email("member"), password: PASSWORD, name: "Member" });
    const operator = await signUp({ email: email("operator"), password: PASSWORD, name: "Operator" }, { operator: true });
    const asMember = createCaller({ userId: member.userId, address: "198.51.100.20" });
    const { api_key } = await asMember.apiKeys.create({ projectId: member.projectId, name: "console", scope: "read" });
    const { webhook } = await asMember.webhooks.create({ projectId: member.projectId, webhook: { url: URL, events: ["*"] } });
    await createCaller({ userId: operator.userId, address: "192.0.2.30" }).operator.setTier({ workspaceId: member.workspaceId, tier: "scale" });

    const [tier, hook, key] = (await asMember.audit.list({ limit: 3 })).audit_events;
    expect(tier).toMatchObject({ action: "operator.set_tier", actor: { type: "operator", id: operator.userId }, target: { id: member.workspaceId }, ip: "192.0.2.30" });
    expect(hook).toMatchObject({ action: "webhook.create", actor: { type: "user", id: member.userId }, target: { id: webhook.id }, ip: "198.51.100.20" });
    expect(key).toMatchObject({ action: "api_key.create", actor: { type: "user", id: member.userId }, target: { id: api_key.id }, ip: "198.51.100.20" });
  });

  it("names and changes at the time: a renamed key keeps its old name in older entries; what changed, never the key material", async () => {
    const actor = await keyActor();
    const { api_key } = await createKey(actor, { name: "before", scope: "read" });
    await updateKey(actor, api_key.id, { name: "after", rate_limits: { api: 30 } });
    const ssh = await createSshKey(actor, { name: "laptop", public_key: ED25519 });
    const [sshEntry, update, create] = await all(actor.workspaceId);
    expect(create).toMatchObject({ action: "api_key.create", actor: { name: "actor" }, target: { type: "api_key", name: "before" }, changes: { name: [null, "before"], scope: [null, "read"] } });
    expect(update).toMatchObject({ action: "api_key.update", target: { name: "after" }, changes: { name: ["before", "after"], rateLimitApi: [null, 30] } });
    expect(sshEntry).toMatchObject({ action: "ssh_key.create", target: { type: "ssh_key", id: ssh.ssh_key.id, name: "laptop" }, changes: { name: [null, "laptop"] } });
    const stored = JSON.stringify(await db().auditEvent.findMany({ where: { workspaceId: actor.workspaceId } }));
    expect(stored).not.toContain("AAAAC3NzaC1lZDI1NTE5");
  });
});
