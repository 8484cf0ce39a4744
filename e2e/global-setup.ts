// Prepares one server for the whole end-to-end run: a fresh embedded database in e2e/.state (or
// the PostgreSQL of DATABASE_URL), four workspaces with keys and an operator's, then `next start` on E2E_PORT.
// The app must be built first (`npm test` does it).
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnServer, stopServer, waitUntilServing } from "../scripts/server-process";
import { e2eFamilies } from "./fixtures/families";
import { startFakeStripe } from "./fixtures/fake-stripe";
import { startFakeUpstream } from "./fixtures/fake-upstream";
import { startMailSink } from "./fixtures/mail-sink";
import { copyEmbeddedTemplate, derivedName, dropDatabases, migrateEmbeddedTemplate, migratePostgresTemplate } from "../test/kits/template-database";
import { STATE_DIR, STATE_FILE, type E2EState, type WorkspaceFixture } from "./fixtures/state";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

async function workspace(label: string, options: { operator?: boolean } = {}): Promise<WorkspaceFixture> {
  const { signUp } = await import("@/server/accounts/service");
  const { createKey } = await import("@/server/keys/service");
  const { projectActor } = await import("@/server/projects/service");
  const email = `${label}-${randomBytes(4).toString("hex")}@e2e.test`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const account = await signUp({ email, password, name: `Owner ${label.toUpperCase()}` }, { ...options, workspaceName: `Workspace ${label.toUpperCase()}`, emailVerified: true });
  const actor = await projectActor(account.projectId);
  const readWrite = await createKey(actor, { name: `${label} read_write`, scope: "read_write" });
  const read = await createKey(actor, { name: `${label} read`, scope: "read" });
  return { ...account, readWriteKey: readWrite.key, readKey: read.key, email, password };
}

export default async function globalSetup() {
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  const dataDir = process.env.DATABASE_URL ? null : join(STATE_DIR, "data");
  if (dataDir) process.env.DATA_DIR = dataDir;
  // Both this process and the server read secrets from DATA_DIR; at scale they must be shared.
  process.env.KEY_HASH_SECRET ??= randomBytes(32).toString("hex");
  process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");

  // Migrated once: the suite's database and every spec's own server start from copies of this one.
  const serverUrl = process.env.DATABASE_URL;
  const templateDatabase = serverUrl ? derivedName(serverUrl, "own_template") : null;
  const ownTemplate: E2EState["ownTemplate"] = templateDatabase ? { database: templateDatabase } : { dataDir: join(STATE_DIR, "template") };
  if (serverUrl && templateDatabase) await migratePostgresTemplate(serverUrl, templateDatabase);
  else if (dataDir) {
    await migrateEmbeddedTemplate(join(STATE_DIR, "template"));
    copyEmbeddedTemplate(join(STATE_DIR, "template"), dataDir);
  }
  const { migrate } = await import("@/server/migrations");
  const { closeDatabase } = await import("@/server/db");
  await migrate();
  const a = await workspace("a");
  const b = await workspace("b");
  const c = await workspace("c");
  const d = await workspace("d");
  // The console's operator specs (rates, grants, tiers) sign in as this one.
  const op = await workspace("op", { operator: true });
  await closeDatabase();

  // The fake vendors, and the server's settings for them (short timeouts and keep-alives so the
  // specs run in seconds; the loopback upstream is allowed because the tests start it).
  const upstream = await startFakeUpstream({ port: E2E_PORT + 20 });
  // Every server of the run mails to the suite's SMTP server; the specs read the mail it kept.
  const mailFile = join(STATE_DIR, "mail.jsonl");
  const mailSink = await startMailSink(E2E_PORT + 21, mailFile);
  // The fake Stripe: the server sells credits through it, and it sends its signed events back.
  const stripeSecret = `whsec_${randomBytes(24).toString("base64")}`;
  const stripe = await startFakeStripe({ port: E2E_PORT + 22, webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/stripe/webhook`, webhookSecret: stripeSecret });
  const familiesFile = join(STATE_DIR, "families.json");
  writeFileSync(familiesFile, JSON.stringify(e2eFamilies(upstream.url), null, 2));
  Object.assign(process.env, {
    MODEL_FAMILIES_FILE: familiesFile,
    E2E_VENDORX_KEY: `vx-secret-${randomBytes(8).toString("hex")}`,
    E2E_VENDORY_KEY: `vy-secret-${randomBytes(8).toString("hex")}`,
    KEEPALIVE_MS: "1000",
    // The specs that count a limit exactly across two replicas assume Redis answers every command.
    // On the loaded CI machine an answer could come later than the default 500 ms, and the request
    // was then counted by its process alone (the designed fallback): one more got through. The
    // outage spec kills Redis, whose refused connection fails at once, whatever this says.
    REDIS_COMMAND_TIMEOUT_MS: "5000",
    LONG_RUN_AFTER_MS: "6000",
    BREAKER_FAILURES: "3",
    BREAKER_COOLDOWN_SECONDS: "3",
    UPSTREAM_RETRY_AFTER_MAX_SECONDS: "2",
    RESERVATION_SWEEP_SECONDS: "2",
    COMPUTE_DRIVER_SPEED: "0.02",
    COMPUTE_BILLING_SECONDS: "1",
    // The hypervisor refuses these (no spec uses them otherwise): the largest plan has no room in
    // nyc1 (a create fails) nor in fra1 (a resize to it fails); snapshots of c-4vcpu-8gb in nyc1 fail.
    COMPUTE_DRIVER_FAULTS: "provision@nyc1:m-8vcpu-64gb,resize@fra1:m-8vcpu-64gb,snapshot@nyc1:c-4vcpu-8gb",
    JOBS_POLL_MS: "100",
    JOB_LEASE_SECONDS: "3",
    // Webhooks to the specs' own receivers on loopback over http, retried a thousand times faster.
    WEBHOOK_ALLOW_HTTP: "true",
    WEBHOOK_ALLOW_LOOPBACK: "true",
    WEBHOOK_POLL_MS: "100",
    WEBHOOK_RETRY_SPEED: "0.001",
    // Every console spec calls from 127.0.0.1: the per-address budget must hold them all at once.
    CONSOLE_CALLS_PER_MINUTE: "5000",
    // The specs make a key of their own per test in the four shared projects (fresh-keys.ts, ai.ts):
    // far more live keys than a project may hold. The cap is tested on a server of its own
    // (keys-chain.spec.ts).
    API_KEYS_PER_PROJECT: "100000",
    // Likewise the specs' webhooks, domains, records, projects and parallel streams in the shared
    // workspaces; each cap is tested on a server of its own (workspace-caps.spec.ts).
    PROJECTS_PER_WORKSPACE: "100000",
    WEBHOOKS_PER_PROJECT: "100000",
    DOMAINS_PER_PROJECT: "100000",
    RECORDS_PER_DOMAIN: "100000",
    STREAMS_PER_KEY: "100000",
    // Every AI spec generates with keys of the same few projects, all at once: the project's and the
    // workspace's rate budgets (multiples of one key's) would be shared by the whole run, so faster
    // runs met 429s in specs about something else. The multiples are tested on servers of their own
    // (workspace-caps.spec.ts, keys-chain.spec.ts), which set them.
    PROJECT_RATE_LIMIT_MULTIPLE: "1000",
    WORKSPACE_RATE_LIMIT_MULTIPLE: "1000",
    // Five failed sign-ins in a row, then a first wait long enough that a spec's next attempt
    // surely falls inside it (the default 1 s could pass while a spec types).
    SIGN_IN_ATTEMPTS: "5",
    SIGN_IN_FIRST_WAIT_SECONDS: "30",
    // ...and so must the sign-up budgets (each console spec signs its users up from there).
    SIGN_UPS_PER_ADDRESS: "10000",
    SIGN_UPS_PER_HOUR: "100000",
    SMTP_URL: mailSink.url,
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString("hex")}`,
    STRIPE_WEBHOOK_SECRET: stripeSecret,
    STRIPE_API_BASE: stripe.url,
    // Declined recharges are tried again after half a second (doubling), not after an hour.
    AUTO_RECHARGE_RETRY_SECONDS: "0.5",
    AUTO_RECHARGE_POLL_SECONDS: "0.3",
  });

  const baseURL = `http://127.0.0.1:${E2E_PORT}`;
  const logFile = join(STATE_DIR, "server.log");
  // Mailed links are built from NEXTAUTH_URL (a request's Host header is the client's word). This
  // server's alone: the specs' own servers listen on other ports.
  const server = spawnServer({ port: E2E_PORT, logFile, env: { NEXTAUTH_URL: baseURL } });
  await waitUntilServing(baseURL, server);
  const prepared: E2EState = { baseURL, logFile, mailFile, dataDir, ownTemplate, upstream: upstream.url, stripe: stripe.url, a, b, c, d, op };
  writeFileSync(STATE_FILE, JSON.stringify(prepared, null, 2));
  return async () => {
    await stopServer(server);
    await upstream.close();
    await stripe.close();
    await mailSink.close();
    if (serverUrl && templateDatabase) await dropDatabases(serverUrl, templateDatabase);
  };
}
