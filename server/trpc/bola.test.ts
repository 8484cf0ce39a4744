// Broken object-level authorisation through the console: every tRPC procedure, called by a
// member of workspace A with workspace B's project and B's resource ids (and with A's own project
// but B's ids), reaches nothing of B: not found or forbidden, and no answer carries a B id.
// Procedures are read from the router, so a new one fails here until it says how to call it.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../accounts/service";
import { createSshKey } from "../cloud/ssh-keys/service";
import { createDomain, createRecord } from "../cloud/domains/service";
import { createInstance } from "../cloud/instances/service";
import { db } from "../db";
import { newId } from "../ids";
import { createKey } from "../keys/service";
import { migrate } from "../migrations";
import { projectActor } from "../projects/service";
import { createWebhook, pingWebhook } from "../webhooks/service";
import { startSession } from "../accounts/sessions";
import { startRun } from "../ai/playground";
import { appRouter, createCaller } from "./root";

const ED25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl bola";

type Ids = { session: string; projectId: string; instance: string; snapshot: string; sshKey: string; domain: string; record: string; webhook: string; delivery: string; apiKey: string; run: string; generation: string; workspaceId: string; emptyProject: string; invite: string; payment: string };
let a: { userId: string; projectId: string };
let b: Ids & { userId: string };

beforeAll(async () => {
  await migrate();
  const tag = newId("req").slice(-8);
  const accountA = await signUp({ email: `bola-a-${tag}@trpc.test`, password: "a-long-enough-password", name: "A" }, { emailVerified: true });
  const accountB = await signUp({ email: `bola-b-${tag}@trpc.test`, password: "a-long-enough-password", name: "B" }, { emailVerified: true });
  a = { userId: accountA.userId, projectId: accountA.projectId };
  const actor = await projectActor(accountB.projectId);
  const sshKey = (await createSshKey(actor, { name: "b", public_key: ED25519 })).ssh_key.id;
  const instance = (await createInstance(actor, { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKey, hostname: "b-host", backups: false })).instance.id;
  const snapshot = newId("snap");
  await db().snapshot.create({ data: { id: snapshot, projectId: accountB.projectId, instanceId: instance, name: "b", status: "available", sizeGb: 1 } });
  const domain = `bola-${tag}.example.com`;
  await createDomain(actor, { name: domain });
  const record = (await createRecord(actor, domain, { type: "TXT", name: "@", value: "b", ttl: 3600 })).record.id;
  const { webhook } = await createWebhook(actor, { url: "https://93.184.216.34/b", events: ["*"] });
  const delivery = (await pingWebhook(actor, webhook.id)).delivery.id;
  const apiKey = (await createKey(actor, { name: "b", scope: "read" })).api_key.id;
  const run = (await startRun(accountB.userId, actor, "completions", { prompt: "b's prompt", stream: true, risk: 0.3 })).runId;
  const generation = newId("gen");
  await db().generation.create({
    data: { id: generation, workspaceId: accountB.workspaceId, projectId: accountB.projectId, keyId: apiKey, product: "scholar", endpoint: "completions", family: "b", status: "completed", inputTokens: 1, outputTokens: 1, credits: 1n },
  });
  // An empty second project: the one that deleting could take, were B's ids reachable.
  const emptyProject = newId("prj");
  await db().project.create({ data: { id: emptyProject, workspaceId: accountB.workspaceId, name: "B's empty project" } });
  const payment = newId("pay");
  await db().payment.create({ data: { id: payment, workspaceId: accountB.workspaceId, kind: "top_up", status: "succeeded", credits: 1n, amount: 1, currency: "usd" } });
  const session = await startSession(accountB.userId, { address: "192.0.2.66" });
  const invite = newId("inv");
  await db().invite.create({ data: { id: invite, workspaceId: accountB.workspaceId, email: `b-colleague-${tag}@trpc.test`, role: "admin", tokenHash: invite, expiresAt: new Date(Date.now() + 86_400_000) } });
  b = { session, userId: accountB.userId, workspaceId: accountB.workspaceId, projectId: accountB.projectId, emptyProject, instance, snapshot, sshKey, domain, record, webhook: webhook.id, delivery, apiKey, run, generation, invite, payment };
});

/** The input of each procedure, aimed at B's resources from the given project. */
const inputs: Record<string, (projectId: string) => unknown> = {
  "account.signUp": () => null, // creates an account of its own: no resource of B to reach
  "account.signOutEverywhere": () => null, // ends the caller's own sessions (accounts/sessions.test.ts)
  "account.verifyEmail": () => null, // takes a signed token, no id: nothing of B to name
  "account.resendVerification": () => null, // mails the caller's own link
  "account.sessions": () => undefined, // the caller's own sessions: none of B's may show
  "account.endSession": () => ({ sessionId: b.session }),
  "account.changePassword": () => null, // the caller's own password, behind the current one
  "account.requestPasswordReset": () => null, // by email, answering the same for any (accounts/password-reset.test.ts)
  "account.checkResetLink": () => null, // takes a random token, no id: nothing of B to name
  "account.resetPassword": () => null, // likewise
  "workspace.current": () => undefined,
  "workspaces.list": () => undefined, // the caller's own: none of B's may show
  "workspaces.switch": () => ({ workspaceId: b.workspaceId }),
  "members.list": () => undefined,
  "members.invites": () => undefined,
  "members.invite": () => null, // invites into the caller's own workspace
  "members.revokeInvite": () => ({ id: b.invite }),
  "members.changeRole": () => ({ userId: b.userId, role: "viewer" }),
  "members.remove": () => ({ userId: b.userId }),
  "members.leave": () => null, // leaves the caller's own workspace (members.test.ts)
  "invites.show": () => null, // takes a random token, no id: nothing of B to name
  "invites.accept": () => null, // likewise
  // Two-factor sign-in acts on the caller's own account and workspace only, named by no id.
  "twoFactor.status": () => undefined,
  "twoFactor.start": () => undefined,
  "twoFactor.confirm": () => ({ code: "000000" }),
  "twoFactor.disable": () => null, // needs the caller's own password (two-factor/service.test.ts)
  "twoFactor.regenerateRecoveryCodes": () => ({ code: "000000" }),
  "twoFactor.setWorkspaceRequirement": () => ({ required: false }),
  "projects.create": () => null, // makes a project in the caller's own workspace
  "projects.rename": () => ({ projectId: b.projectId, name: "taken" }),
  "projects.list": () => ({ limit: 100 }),
  "projects.get": () => ({ projectId: b.projectId }),
  "projects.delete": () => ({ projectId: b.emptyProject }),
  "apiKeys.list": (projectId) => ({ projectId, limit: 100 }),
  "apiKeys.create": (projectId) => ({ projectId, name: "x", scope: "read" }),
  "apiKeys.update": (projectId) => ({ projectId, id: b.apiKey, name: "stolen", rate_limits: { generate: 1 } }),
  "apiKeys.revoke": (projectId) => ({ projectId, id: b.apiKey }),
  "billing.summary": () => undefined,
  "billing.transactions": () => ({ limit: 100 }),
  "billing.usage": () => ({ project_id: b.projectId }),
  "billing.paymentSettings": () => undefined, // the operator's price: the same for every workspace
  "billing.createCheckout": () => null, // buys for the caller's own workspace
  "billing.payments": () => ({ limit: 100 }),
  "billing.payment": () => ({ id: b.payment }),
  "billing.autoRecharge": () => undefined,
  "billing.updateAutoRecharge": () => null, // the caller's own workspace's
  "billing.lowBalanceAlert": () => undefined,
  "billing.updateLowBalanceAlert": () => null, // the caller's own workspace's
  "billing.startCardSetup": () => null, // likewise
  "operator.isOperator": () => undefined,
  "operator.rates": () => undefined,
  "operator.setRate": () => ({ product: "fire", input: 1, output: 1 }),
  "operator.grantCredits": () => ({ workspaceId: b.workspaceId, credits: 1 }),
  "operator.workspacePayments": () => ({ workspaceId: b.workspaceId, limit: 100 }),
  "operator.refundPayment": () => ({ paymentId: b.payment }),
  "operator.setTier": () => ({ workspaceId: b.workspaceId, tier: "scale" }),
  "operator.tierLimits": () => undefined,
  "operator.setTierLimits": () => ({ tier: "scale", generate: 1200, api: 10000 }), // service-wide, as set-rate
  "operator.auditEvents": () => ({ limit: 100 }), // operators only: A is refused
  "instances.catalog": () => undefined,
  "instances.images": () => undefined,
  "instances.list": (projectId) => ({ projectId, limit: 100 }),
  "instances.get": (projectId) => ({ projectId, id: b.instance }),
  "instances.create": (projectId) => ({ projectId, instance: { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: b.sshKey, hostname: "stolen" } }),
  "instances.update": (projectId) => ({ projectId, id: b.instance, changes: { hostname: "stolen" } }),
  "instances.action": (projectId) => ({ projectId, id: b.instance, type: "power_off" }),
  "instances.getAction": (projectId) => ({ projectId, id: newId("act") }),
  "instances.actions": (projectId) => ({ projectId, id: b.instance, limit: 100 }),
  "instances.delete": (projectId) => ({ projectId, id: b.instance }),
  "instances.snapshots": (projectId) => ({ projectId, limit: 100 }),
  "instances.createSnapshot": (projectId) => ({ projectId, id: b.instance, snapshot: {} }),
  "instances.deleteSnapshot": (projectId) => ({ projectId, id: b.snapshot }),
  "instances.backups": (projectId) => ({ projectId, id: b.instance }),
  "sshKeys.list": (projectId) => ({ projectId, limit: 100 }),
  "sshKeys.create": (projectId) => ({ projectId, key: { name: "x", public_key: ED25519 } }),
  "sshKeys.delete": (projectId) => ({ projectId, id: b.sshKey }),
  "domains.list": (projectId) => ({ projectId, limit: 100 }),
  "domains.create": (projectId) => ({ projectId, domain: { name: b.domain } }),
  "domains.delete": (projectId) => ({ projectId, domain: b.domain }),
  "domains.records": (projectId) => ({ projectId, domain: b.domain, limit: 100 }),
  "domains.createRecord": (projectId) => ({ projectId, domain: b.domain, record: { type: "TXT", name: "x", value: "x", ttl: 3600 } }),
  "domains.updateRecord": (projectId) => ({ projectId, domain: b.domain, id: b.record, changes: { value: "stolen" } }),
  "domains.deleteRecord": (projectId) => ({ projectId, domain: b.domain, id: b.record }),
  "webhooks.list": (projectId) => ({ projectId, limit: 100 }),
  "webhooks.create": (projectId) => ({ projectId, webhook: { url: "https://93.184.216.34/x", events: ["*"] } }),
  "webhooks.update": (projectId) => ({ projectId, id: b.webhook, changes: { description: "stolen" } }),
  "webhooks.delete": (projectId) => ({ projectId, id: b.webhook }),
  "webhooks.rotateSecret": (projectId) => ({ projectId, id: b.webhook }),
  "webhooks.ping": (projectId) => ({ projectId, id: b.webhook }),
  "webhooks.deliveries": (projectId) => ({ projectId, id: b.webhook, limit: 100 }),
  "webhooks.retry": (projectId) => ({ projectId, id: b.webhook, deliveryId: b.delivery }),
  "webhooks.failures": (projectId) => ({ projectId }),
  "playground.start": (projectId) => ({ projectId, endpoint: "completions", request: { prompt: "x" } }),
  "playground.stream": (projectId) => ({ projectId, runId: b.run }),
  "audit.list": () => ({ limit: 100 }),
  "generations.list": (projectId) => ({ projectId, limit: 100 }),
  "generations.get": (projectId) => ({ projectId, id: b.generation }),
};

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);

async function invoke(path: string, input: unknown): Promise<unknown> {
  const caller = createCaller({ userId: a.userId });
  const fn = path.split(".").reduce<any>((node, step) => node[step], caller);
  const result = await fn(input);
  if (result && typeof result === "object" && Symbol.asyncIterator in result) {
    for await (const event of result as AsyncIterable<unknown>) return event;
  }
  return result;
}

// A domain name is not B's to own (two projects may hold the same name; see the README): its
// records and B's domain row are checked at the end instead.
const bIds = () => Object.entries(b).flatMap(([name, value]) => (name === "domain" ? [] : [value]));

describe("every procedure, by member A, aimed at workspace B", () => {
  it("every procedure has a way to be called here", () => {
    expect(procedures.map(([path]) => path).filter((path) => !(path in inputs))).toEqual([]);
  });

  for (const [path] of procedures) {
    for (const from of ["B's project", "A's own project"] as const) {
      it(`${path} with ${from}`, async () => {
        const input = inputs[path](from === "B's project" ? b.projectId : a.projectId);
        if (input === null) return; // creates only in the caller's own workspace (see the table)
        let answer: unknown;
        try {
          answer = await invoke(path, input);
        } catch (error) {
          expect(error).toBeInstanceOf(TRPCError);
          expect(["NOT_FOUND", "FORBIDDEN", "CONFLICT", "BAD_REQUEST"]).toContain((error as TRPCError).code);
          expect((error as TRPCError).message).not.toContain(b.userId);
          return;
        }
        const text = JSON.stringify(answer, (_k, v) => (typeof v === "bigint" ? String(v) : v)) ?? "";
        for (const id of bIds()) expect(text, `${path} answered with B's ${id}`).not.toContain(id);
      });
    }
  }

  it("B's resources are untouched", async () => {
    const actor = await projectActor(b.projectId);
    expect((await db().instance.findUniqueOrThrow({ where: { id: b.instance } })).hostname).toBe("b-host");
    expect(await db().webhook.findUniqueOrThrow({ where: { id: b.webhook } })).toMatchObject({ description: "", previousSecret: null });
    expect(await db().sshKey.count({ where: { id: b.sshKey } })).toBe(1);
    expect(await db().dnsRecord.findUniqueOrThrow({ where: { id: b.record } })).toMatchObject({ value: "b" });
    expect(await db().domain.count({ where: { name: b.domain, projectId: b.projectId } })).toBe(1);
    expect(await db().apiKey.findUniqueOrThrow({ where: { id: b.apiKey } })).toMatchObject({ revokedAt: null });
    expect((await db().workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).tier).toBe("starter");
    expect(await db().project.findUniqueOrThrow({ where: { id: b.projectId } })).toMatchObject({ name: "Default project" });
    expect(await db().playgroundRun.count({ where: { id: b.run } })).toBe(1);
    expect(await db().project.count({ where: { id: b.emptyProject } })).toBe(1);
    expect(await db().consoleSession.count({ where: { id: b.session } })).toBe(1);
    expect(await db().invite.count({ where: { id: b.invite } })).toBe(1);
    expect(await db().membership.findUniqueOrThrow({ where: { userId_workspaceId: { userId: b.userId, workspaceId: b.workspaceId } } })).toMatchObject({ role: "owner" });
  });
});
