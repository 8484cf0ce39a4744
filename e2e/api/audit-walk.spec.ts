// Every change leaves one audit entry: the spec walks each mutating REST route (found in the
// route files, as the BOLA spec finds them) and each tRPC mutation (read from the router's
// files, test/kits/trpc-procedures.ts) once,
// in a workspace of its own, and after each expects exactly one new entry with its action, the
// actor's name and the target's name. Whatever changes no resource is in `notChanges` below, with
// why; a new route or procedure that is neither walked nor listed there fails this spec.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import type { AuditEventView } from "@/server/audit/schema";
import { call } from "../fixtures/api";
import { openSshKey, waitForStatus } from "../fixtures/cloud";
import { sessionOf, trpcMutation, trpcQuery } from "../fixtures/console-session";
import { inviteLink, resetLink, verificationLink } from "../fixtures/mailbox";
import { refusingUrl } from "../fixtures/receiver";
import { keyedRoutes } from "../fixtures/routes";
import { state } from "../fixtures/state";
import { payCheckout } from "../fixtures/stripe";
import { proceduresOnDisk } from "../../test/kits/trpc-procedures";

/** Mutations that change no resource: nothing for the audit log to record. */
const notChanges: Record<string, string> = {
  // Generations: metered and listed in Activity (GET /api/public/v1/generations), not changes.
  "POST /api/public/v1/ai/code": "a generation",
  "POST /api/public/v1/ai/completions": "a generation",
  "POST /api/public/v1/ai/review": "a generation",
  "POST /api/public/v1/anthropic/v1/messages": "a generation",
  "POST /api/public/v1/anthropic/v1/messages/count_tokens": "counts tokens, stores nothing",
  "POST /api/public/v1/openai/chat/completions": "a generation",
  "POST /api/public/v1/openai/responses": "a generation",
  "trpc playground.start": "a generation from the console's playground",
  "trpc account.resendVerification": "mails the link again; changes nothing",
  "trpc twoFactor.start": "a key shown once, not in use until confirmed (walked with confirm)",
  "trpc workspaces.switch": "which workspace a session shows; no member's rights change",
  "POST /api/public/v1/openai/responses/input_tokens": "counts tokens, stores nothing",
  "trpc billing.startCardSetup": "opens the provider's card page; the card saved is recorded when its event arrives",
};

type Walked = { action: string; target: string };

const walked = new Set<string>();
const seen = new Set<string>();

/** The log's newest entries not seen before: the workspace's (console), or the service's (operator). */
async function newEntries(cookie: string, path: "audit.list" | "operator.auditEvents"): Promise<AuditEventView[]> {
  const answer = await trpcQuery(cookie, `${path}?input=${encodeURIComponent(JSON.stringify({ json: { limit: 50 } }))}`);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  const fresh = (answer.data.audit_events as AuditEventView[]).filter((event) => !seen.has(event.id));
  for (const event of fresh) seen.add(event.id);
  return fresh;
}

/** The authenticator's code `steps` time steps from now. */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test.describe.configure({ mode: "serial" });

test("each mutating route and procedure, walked once, leaves one entry naming who and what", async () => {
  test.setTimeout(240_000);
  const tag = randomBytes(4).toString("hex");
  const person = { name: "Walker", email: `walk-${tag}@audit.e2e.test`, password: "a-long-enough-password" };
  let cookie = "";
  let projectId = "";
  let workspaceId = "";
  let tier = "";
  let restKey = "";
  let log: "audit.list" | "operator.auditEvents" = "audit.list";
  let reader = () => cookie;

  /**
   * One walked step: `name` is what it covers ("POST /v1/…" as in the route file, or "trpc x.y");
   * `alongside`: entries of other events the step also causes (a sign-in), expected once each.
   */
  async function walk(name: string, run: () => Promise<Walked>, alongside: string[] = []) {
    await test.step(name, async () => {
      expect(walked.has(name), `${name} walked twice`).toBe(false);
      walked.add(name);
      const { action, target } = await run();
      const all = await newEntries(reader(), log);
      expect(all.map((e) => e.action).filter((a) => alongside.includes(a)).sort(), `${name}: alongside`).toEqual([...alongside].sort());
      const entries = all.filter((e) => !alongside.includes(e.action));
      expect(entries.map((e) => e.action), `${name}: exactly one entry`).toEqual([action]);
      const [entry] = entries;
      expect(entry.target.id, name).toBe(target);
      expect(entry.actor.name, `${name}: the actor's name`).toBeTruthy();
      expect(entry.target.name, `${name}: the target's name`).toBeTruthy();
      expect(entry.request_id, `${name}: the request`).toBeTruthy();
    });
  }
  const trpc = async (path: string, input?: unknown) => {
    const answer = await trpcMutation(cookie, path, input);
    expect(answer.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.data;
  };
  const rest = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, { key: restKey, body });
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer.body;
  };
  const snapshotAvailable = (id: string) =>
    expect.poll(async () => (await call("GET", `/v1/snapshots/${id}`, { key: restKey })).body.snapshot?.status, { timeout: 20_000 }).toBe("available");

  // The account: sign-up, then a session (its sign-in recorded beside), then email verification.
  let userId = "";
  let token: string | null = null;
  await walk(
    "trpc account.signUp",
    async () => {
      const signUp = await trpcMutation("", "account.signUp", person);
      expect(signUp.status, JSON.stringify(signUp)).toBe(200);
      token = new URL(await verificationLink(person.email)).searchParams.get("token");
      cookie = await sessionOf(person.email, person.password);
      const workspace = await trpcQuery(cookie, "workspace.current");
      [workspaceId, projectId, tier] = [workspace.data.id, workspace.data.projects[0].id, workspace.data.tier];
      userId = await memberId();
      return { action: "user.sign_up", target: userId };
    },
    ["user.sign_in"],
  );
  /** The member's user id, as their sign-in entry names it. */
  async function memberId(): Promise<string> {
    const answer = await trpcQuery(cookie, `audit.list?input=${encodeURIComponent(JSON.stringify({ json: { limit: 5, action: "user.sign_in" } }))}`);
    return answer.data.audit_events[0].target.id;
  }
  await walk("trpc account.verifyEmail", async () => {
    await trpc("account.verifyEmail", { token });
    return { action: "user.verify_email", target: userId };
  });

  // Console (tRPC): keys, projects, SSH keys, instances, snapshots, domains, webhooks.
  await walk("trpc apiKeys.create", async () => {
    const made = await trpc("apiKeys.create", { projectId, name: "walker", scope: "read_write" });
    restKey = made.key;
    return { action: "api_key.create", target: made.api_key.id };
  });
  const consoleKey = (await trpc("apiKeys.create", { projectId, name: "to revoke", scope: "read" })).api_key.id;
  await newEntries(cookie, log);
  await walk("trpc apiKeys.update", async () => {
    await trpc("apiKeys.update", { projectId, id: consoleKey, name: "renamed" });
    return { action: "api_key.update", target: consoleKey };
  });
  await walk("trpc apiKeys.revoke", async () => {
    await trpc("apiKeys.revoke", { projectId, id: consoleKey });
    return { action: "api_key.revoke", target: consoleKey };
  });
  let otherProject = "";
  await walk("trpc projects.create", async () => {
    otherProject = (await trpc("projects.create", { name: "Walk two" })).id;
    return { action: "project.create", target: otherProject };
  });
  await walk("trpc projects.rename", async () => {
    await trpc("projects.rename", { projectId: otherProject, name: "Walk renamed" });
    return { action: "project.rename", target: otherProject };
  });
  await walk("trpc projects.delete", async () => {
    await trpc("projects.delete", { projectId: otherProject });
    return { action: "project.delete", target: otherProject };
  });
  let sshKey = "";
  await walk("trpc sshKeys.create", async () => {
    sshKey = (await trpc("sshKeys.create", { projectId, key: { name: "walk laptop", public_key: openSshKey() } })).ssh_key.id;
    return { action: "ssh_key.create", target: sshKey };
  });
  let instance = "";
  await walk("trpc instances.create", async () => {
    const made = await trpc("instances.create", { projectId, instance: { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKey, hostname: "walk-console" } });
    instance = made.instance.id;
    return { action: "instance.create", target: instance };
  });
  await waitForStatus(restKey, instance, "running");
  await walk("trpc instances.update", async () => {
    await trpc("instances.update", { projectId, id: instance, changes: { hostname: "walk-console-2" } });
    return { action: "instance.update", target: instance };
  });
  await walk("trpc instances.action", async () => {
    await trpc("instances.action", { projectId, id: instance, type: "power_off" });
    return { action: "instance.power_off", target: instance };
  });
  await waitForStatus(restKey, instance, "stopped");
  let snapshot = "";
  await walk("trpc instances.createSnapshot", async () => {
    snapshot = (await trpc("instances.createSnapshot", { projectId, id: instance, snapshot: { name: "walk snap" } })).snapshot.id;
    return { action: "snapshot.create", target: snapshot };
  });
  await snapshotAvailable(snapshot);
  await walk("trpc instances.deleteSnapshot", async () => {
    await trpc("instances.deleteSnapshot", { projectId, id: snapshot });
    return { action: "snapshot.delete", target: snapshot };
  });
  await waitForStatus(restKey, instance, "stopped");
  await walk("trpc instances.delete", async () => {
    await trpc("instances.delete", { projectId, id: instance });
    return { action: "instance.delete", target: instance };
  });
  await walk("trpc sshKeys.delete", async () => {
    await trpc("sshKeys.delete", { projectId, id: sshKey });
    return { action: "ssh_key.delete", target: sshKey };
  });
  const domain = `walk-${tag}.example.com`;
  let domainId = "";
  await walk("trpc domains.create", async () => {
    domainId = (await trpc("domains.create", { projectId, domain: { name: domain } })).domain.id;
    return { action: "domain.create", target: domainId };
  });
  let record = "";
  await walk("trpc domains.createRecord", async () => {
    record = (await trpc("domains.createRecord", { projectId, domain, record: { type: "TXT", name: "walk", value: "one", ttl: 3600 } })).record.id;
    return { action: "dns_record.create", target: record };
  });
  await walk("trpc domains.updateRecord", async () => {
    await trpc("domains.updateRecord", { projectId, domain, id: record, changes: { value: "two" } });
    return { action: "dns_record.update", target: record };
  });
  await walk("trpc domains.deleteRecord", async () => {
    await trpc("domains.deleteRecord", { projectId, domain, id: record });
    return { action: "dns_record.delete", target: record };
  });
  await walk("trpc domains.delete", async () => {
    await trpc("domains.delete", { projectId, domain });
    return { action: "domain.delete", target: domainId };
  });
  let webhook = "";
  await walk("trpc webhooks.create", async () => {
    webhook = (await trpc("webhooks.create", { projectId, webhook: { url: await refusingUrl("/walk"), events: ["*"] } })).webhook.id;
    return { action: "webhook.create", target: webhook };
  });
  await walk("trpc webhooks.update", async () => {
    await trpc("webhooks.update", { projectId, id: webhook, changes: { description: "walked" } });
    return { action: "webhook.update", target: webhook };
  });
  await walk("trpc webhooks.rotateSecret", async () => {
    await trpc("webhooks.rotateSecret", { projectId, id: webhook });
    return { action: "webhook.rotate_secret", target: webhook };
  });
  let delivery = "";
  await walk("trpc webhooks.ping", async () => {
    delivery = (await trpc("webhooks.ping", { projectId, id: webhook })).delivery.id;
    return { action: "webhook.ping", target: webhook };
  });
  await walk("trpc webhooks.retry", async () => {
    // Refused (nothing recorded) while the ping's attempt is in flight.
    let status = 0;
    await expect.poll(async () => (status = (await trpcMutation(cookie, "webhooks.retry", { projectId, id: webhook, deliveryId: delivery })).status), { timeout: 20_000 }).not.toBe(409);
    expect(status).toBe(200);
    return { action: "webhook.retry_delivery", target: webhook };
  });
  await walk("trpc webhooks.delete", async () => {
    await trpc("webhooks.delete", { projectId, id: webhook });
    return { action: "webhook.delete", target: webhook };
  });

  // REST, with the key made above: each route once (the path's shape as the route file declares it).
  let restSsh = "";
  await walk("POST /v1/ssh_keys", async () => {
    restSsh = (await rest("POST", "/v1/ssh_keys", { name: "walk rest", public_key: openSshKey() })).ssh_key.id;
    return { action: "ssh_key.create", target: restSsh };
  });
  let restInstance = "";
  await walk("POST /v1/instances", async () => {
    restInstance = (await rest("POST", "/v1/instances", { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: restSsh, hostname: "walk-rest" })).instance.id;
    return { action: "instance.create", target: restInstance };
  });
  await waitForStatus(restKey, restInstance, "running");
  await walk("PATCH /v1/instances/{id}", async () => {
    await rest("PATCH", `/v1/instances/${restInstance}`, { hostname: "walk-rest-2" });
    return { action: "instance.update", target: restInstance };
  });
  await walk("POST /v1/instances/{id}/actions", async () => {
    await rest("POST", `/v1/instances/${restInstance}/actions`, { type: "reboot" });
    return { action: "instance.reboot", target: restInstance };
  });
  await waitForStatus(restKey, restInstance, "running");
  await walk("POST /v1/instances/{id}/backups", async () => {
    const made = await rest("POST", `/v1/instances/${restInstance}/backups`);
    return { action: "backup.create", target: made.backup.id };
  });
  let restSnapshot = "";
  await walk("POST /v1/instances/{id}/snapshots", async () => {
    restSnapshot = (await rest("POST", `/v1/instances/${restInstance}/snapshots`, { name: "walk rest snap" })).snapshot.id;
    return { action: "snapshot.create", target: restSnapshot };
  });
  await snapshotAvailable(restSnapshot);
  await walk("DELETE /v1/snapshots/{id}", async () => {
    await rest("DELETE", `/v1/snapshots/${restSnapshot}`);
    return { action: "snapshot.delete", target: restSnapshot };
  });
  await waitForStatus(restKey, restInstance, "running");
  await walk("DELETE /v1/instances/{id}", async () => {
    await rest("DELETE", `/v1/instances/${restInstance}`);
    return { action: "instance.delete", target: restInstance };
  });
  await walk("DELETE /v1/ssh_keys/{id}", async () => {
    await rest("DELETE", `/v1/ssh_keys/${restSsh}`);
    return { action: "ssh_key.delete", target: restSsh };
  });
  const restDomain = `walk-rest-${tag}.example.com`;
  let restDomainId = "";
  await walk("POST /v1/domains", async () => {
    restDomainId = (await rest("POST", "/v1/domains", { name: restDomain })).domain.id;
    return { action: "domain.create", target: restDomainId };
  });
  let restRecord = "";
  await walk("POST /v1/domains/{name}/records", async () => {
    restRecord = (await rest("POST", `/v1/domains/${restDomain}/records`, { type: "A", name: "www", value: "203.0.113.7", ttl: 3600 })).record.id;
    return { action: "dns_record.create", target: restRecord };
  });
  await walk("PATCH /v1/domains/{name}/records/{id}", async () => {
    await rest("PATCH", `/v1/domains/${restDomain}/records/${restRecord}`, { value: "203.0.113.8" });
    return { action: "dns_record.update", target: restRecord };
  });
  await walk("DELETE /v1/domains/{name}/records/{id}", async () => {
    await rest("DELETE", `/v1/domains/${restDomain}/records/${restRecord}`);
    return { action: "dns_record.delete", target: restRecord };
  });
  await walk("DELETE /v1/domains/{name}", async () => {
    await rest("DELETE", `/v1/domains/${restDomain}`);
    return { action: "domain.delete", target: restDomainId };
  });
  let restApiKey = "";
  await walk("POST /v1/api_keys", async () => {
    restApiKey = (await rest("POST", "/v1/api_keys", { name: "walk child", scope: "read" })).api_key.id;
    return { action: "api_key.create", target: restApiKey };
  });
  await walk("PATCH /v1/api_keys/{id}", async () => {
    await rest("PATCH", `/v1/api_keys/${restApiKey}`, { name: "walk child renamed" });
    return { action: "api_key.update", target: restApiKey };
  });
  await walk("DELETE /v1/api_keys/{id}", async () => {
    await rest("DELETE", `/v1/api_keys/${restApiKey}`);
    return { action: "api_key.revoke", target: restApiKey };
  });
  // Buying credits: a payment page opened, and the auto-recharge settings changed.
  await walk("POST /v1/billing/checkout_sessions", async () => {
    return { action: "billing.checkout_create", target: (await rest("POST", "/v1/billing/checkout_sessions", { credits: 25 })).checkout_session.id };
  });
  await walk("trpc billing.createCheckout", async () => {
    return { action: "billing.checkout_create", target: (await trpc("billing.createCheckout", { credits: 30 })).checkout_session.id };
  });
  await walk("PATCH /v1/billing/auto_recharge", async () => {
    await rest("PATCH", "/v1/billing/auto_recharge", { threshold_credits: 5, target_credits: 50 });
    return { action: "billing.auto_recharge_update", target: workspaceId };
  });
  await walk("trpc billing.updateAutoRecharge", async () => {
    await trpc("billing.updateAutoRecharge", { threshold_credits: 10, target_credits: 60 });
    return { action: "billing.auto_recharge_update", target: workspaceId };
  });
  await walk("PATCH /v1/billing/low_balance_alert", async () => {
    await rest("PATCH", "/v1/billing/low_balance_alert", { threshold_credits: 3 });
    return { action: "billing.low_balance_alert_update", target: workspaceId };
  });
  await walk("trpc billing.updateLowBalanceAlert", async () => {
    await trpc("billing.updateLowBalanceAlert", { threshold_credits: 2, mail_owners: true });
    return { action: "billing.low_balance_alert_update", target: workspaceId };
  });
  let restWebhook = "";
  await walk("POST /v1/webhooks", async () => {
    restWebhook = (await rest("POST", "/v1/webhooks", { url: await refusingUrl("/walk-rest"), events: ["instance.*"] })).webhook.id;
    return { action: "webhook.create", target: restWebhook };
  });
  await walk("PATCH /v1/webhooks/{id}", async () => {
    await rest("PATCH", `/v1/webhooks/${restWebhook}`, { description: "walked over REST" });
    return { action: "webhook.update", target: restWebhook };
  });
  await walk("POST /v1/webhooks/{id}/rotate_secret", async () => {
    await rest("POST", `/v1/webhooks/${restWebhook}/rotate_secret`);
    return { action: "webhook.rotate_secret", target: restWebhook };
  });
  let restDelivery = "";
  await walk("POST /v1/webhooks/{id}/ping", async () => {
    restDelivery = (await rest("POST", `/v1/webhooks/${restWebhook}/ping`)).delivery.id;
    return { action: "webhook.ping", target: restWebhook };
  });
  await walk("POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry", async () => {
    const path = `/v1/webhooks/${restWebhook}/deliveries/${restDelivery}/retry`;
    let status = 0;
    await expect.poll(async () => (status = (await call("POST", path, { key: restKey })).status), { timeout: 20_000 }).not.toBe(409);
    expect(status).toBe(202);
    return { action: "webhook.retry_delivery", target: restWebhook };
  });
  await walk("DELETE /v1/webhooks/{id}", async () => {
    await rest("DELETE", `/v1/webhooks/${restWebhook}`);
    return { action: "webhook.delete", target: restWebhook };
  });

  // The operator's procedures, each setting what is already set (the service's rates and limits
  // stay as other specs expect them); grants and tiers land in the walked workspace's log.
  const operator = await sessionOf(state().op.email, state().op.password);
  const asOperator = async (path: string, input: unknown) => {
    const answer = await trpcMutation(operator, path, input);
    expect(answer.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
  };
  await walk("trpc operator.grantCredits", async () => {
    await asOperator("operator.grantCredits", { workspaceId, credits: 1 });
    return { action: "operator.grant_credits", target: workspaceId };
  });
  await walk("trpc operator.setTier", async () => {
    await asOperator("operator.setTier", { workspaceId, tier });
    return { action: "operator.set_tier", target: workspaceId };
  });
  // A refund needs a paid top-up; its purchase, payment and reversal are entries of their own.
  await walk(
    "trpc operator.refundPayment",
    async () => {
      const bought = (await rest("POST", "/v1/billing/checkout_sessions", { credits: 5 })).checkout_session;
      await payCheckout(bought.url);
      const payments = async () => (await rest("GET", "/v1/billing/payments")).payments as { id: string; kind: string; status: string }[];
      await expect.poll(async () => (await payments()).find((p) => p.id === bought.id)?.status, { timeout: 20_000 }).toBe("succeeded");
      await asOperator("operator.refundPayment", { paymentId: bought.id });
      await expect.poll(async () => (await payments()).some((p) => p.kind === "refund"), { timeout: 20_000 }).toBe(true);
      return { action: "operator.refund_payment", target: bought.id };
    },
    ["billing.checkout_create", "billing.payment_succeeded", "billing.payment_reversed"],
  );
  log = "operator.auditEvents";
  reader = () => operator;
  await newEntries(operator, log);
  await walk("trpc operator.setRate", async () => {
    const rate = (await trpcQuery(operator, "operator.rates")).data[0];
    await asOperator("operator.setRate", { product: rate.product, input: rate.input_per_million_tokens, output: rate.output_per_million_tokens });
    return { action: "operator.set_rate", target: rate.product };
  });
  await walk("trpc operator.setTierLimits", async () => {
    const limits = (await trpcQuery(operator, "operator.tierLimits")).data[0];
    await asOperator("operator.setTierLimits", { tier: limits.tier, generate: limits.generate, api: limits.api });
    return { action: "operator.set_tier_limits", target: limits.tier };
  });

  // The member's own sessions and password: they end sessions, so they come last.
  log = "audit.list";
  reader = () => cookie;
  await walk(
    "trpc account.endSession",
    async () => {
      await sessionOf(person.email, person.password);
      const other = (await trpcQuery(cookie, "account.sessions")).data.sessions.find((s: { current: boolean }) => !s.current);
      await trpc("account.endSession", { sessionId: other.id });
      return { action: "user.session_end", target: other.id };
    },
    ["user.sign_in"],
  );
  await walk("trpc account.changePassword", async () => {
    const newPassword = `${person.password}-changed`;
    await trpc("account.changePassword", { currentPassword: person.password, newPassword });
    person.password = newPassword;
    return { action: "user.password_change", target: userId };
  });
  await walk("trpc account.requestPasswordReset", async () => {
    await trpcMutation("", "account.requestPasswordReset", { email: person.email });
    return { action: "user.password_reset_requested", target: userId };
  });
  await walk(
    "trpc account.resetPassword",
    async () => {
      const resetToken = new URL(await resetLink(person.email)).searchParams.get("token");
      const password = `${person.password}-reset`;
      const reset = await trpcMutation("", "account.resetPassword", { token: resetToken, password });
      expect(reset.status, JSON.stringify(reset)).toBe(200);
      person.password = password;
      cookie = await sessionOf(person.email, person.password);
      return { action: "user.password_reset", target: userId };
    },
    ["user.sign_in"],
  );

  // Two-factor sign-in on and off again (each code from its own time step: a code is taken once).
  let secret = "";
  await walk("trpc twoFactor.confirm", async () => {
    secret = (await trpc("twoFactor.start")).secret;
    await trpc("twoFactor.confirm", { password: person.password, code: await codeAt(secret, -1) });
    return { action: "user.two_factor_enable", target: userId };
  });
  await walk("trpc twoFactor.regenerateRecoveryCodes", async () => {
    await trpc("twoFactor.regenerateRecoveryCodes", { code: await codeAt(secret, 0) });
    return { action: "user.recovery_codes_regenerate", target: userId };
  });
  await walk("trpc twoFactor.disable", async () => {
    await trpc("twoFactor.disable", { password: person.password, code: await codeAt(secret, 1) });
    return { action: "user.two_factor_disable", target: userId };
  });
  await walk("trpc twoFactor.setWorkspaceRequirement", async () => {
    await trpc("twoFactor.setWorkspaceRequirement", { required: false });
    return { action: "workspace.require_two_factor", target: workspaceId };
  });

  // Members: a colleague invited, joining, changed, leaving, joining again and removed.
  const colleague = { name: "Colleague", email: `walk-colleague-${tag}@audit.e2e.test`, password: "a-long-enough-password" };
  expect((await trpcMutation("", "account.signUp", colleague)).status).toBe(200);
  const colleagueCookie = await sessionOf(colleague.email, colleague.password);
  const asColleague = async (path: string, input?: unknown) => {
    const answer = await trpcMutation(colleagueCookie, path, input);
    expect(answer.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.data;
  };
  const inviteToken = async (count: number) => new URL(await inviteLink(colleague.email, count)).searchParams.get("token");
  await walk("trpc members.invite", async () => {
    const invite = await trpc("members.invite", { email: colleague.email, role: "developer" });
    return { action: "member.invite", target: invite.id };
  });
  const toRevoke = (await trpc("members.invite", { email: `walk-nobody-${tag}@audit.e2e.test`, role: "viewer" })).id;
  await newEntries(cookie, log);
  await walk("trpc members.revokeInvite", async () => {
    await trpc("members.revokeInvite", { id: toRevoke });
    return { action: "member.invite_revoke", target: toRevoke };
  });
  let colleagueId = "";
  await walk("trpc invites.accept", async () => {
    await asColleague("invites.accept", { token: await inviteToken(1) });
    const { members } = (await trpcQuery(cookie, "members.list")).data as { members: { userId: string; email: string }[] };
    colleagueId = members.find((member) => member.email === colleague.email)!.userId;
    return { action: "member.join", target: colleagueId };
  });
  await walk("trpc members.changeRole", async () => {
    await trpc("members.changeRole", { userId: colleagueId, role: "viewer" });
    return { action: "member.role_change", target: colleagueId };
  });
  await walk("trpc members.leave", async () => {
    await asColleague("members.leave");
    return { action: "member.leave", target: colleagueId };
  });
  await trpc("members.invite", { email: colleague.email, role: "viewer" });
  await asColleague("invites.accept", { token: await inviteToken(2) });
  await newEntries(cookie, log);
  await walk("trpc members.remove", async () => {
    await trpc("members.remove", { userId: colleagueId });
    return { action: "member.remove", target: colleagueId };
  });

  // Last: it ends this session; the entry is read with a new one.
  await walk(
    "trpc account.signOutEverywhere",
    async () => {
      await trpc("account.signOutEverywhere");
      expect((await trpcQuery(cookie, "workspace.current")).status, "the session has ended").toBe(401);
      cookie = await sessionOf(person.email, person.password);
      return { action: "user.sessions_ended", target: userId };
    },
    ["user.sign_in"],
  );

  // Every mutating route and procedure there is: walked above, or listed as changing nothing.
  const routes = keyedRoutes()
    .filter((route) => route.method !== "GET")
    .map((route) => `${route.method} ${route.path.replace(/zz_(\w+)_0/g, "{$1}")}`);
  const procedures = proceduresOnDisk()
    .filter((procedure) => procedure.type === "mutation")
    .map((procedure) => `trpc ${procedure.path}`);
  const unaccounted = [...routes, ...procedures].filter((name) => !walked.has(name) && !(name in notChanges));
  expect(unaccounted, "mutations neither walked nor listed in notChanges").toEqual([]);
  const stale = Object.keys(notChanges).filter((name) => walked.has(name) || ![...routes, ...procedures].includes(name));
  expect(stale, "notChanges lists what is walked or no longer exists").toEqual([]);
});
