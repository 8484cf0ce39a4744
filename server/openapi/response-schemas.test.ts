// The response schemas of the document describe what the code really sends: each view, fed a row
// with every nullable column null and again with every one set, is accepted by its strict schema
// (an added, renamed or retyped field fails here). Live answers are checked in e2e/api/openapi.spec.ts.
import type { Action, AuditEvent, Backup, DnsRecord, Domain, Generation, Instance, Snapshot, SshKey } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { auditEventObject } from "../audit/schema";
import { auditEventView } from "../audit/service";
import { generationObject } from "../ai/generations/schema";
import { generationView } from "../ai/generations/service";
import { catalog } from "../cloud/catalog";
import { domainObject, recordObject } from "../cloud/domains/schema";
import { domainView, recordView } from "../cloud/domains/service";
import { actionObject, backupObject, catalogResponse, instanceObject, snapshotObject } from "../cloud/instances/schema";
import { actionView, backupView, instanceView, snapshotView } from "../cloud/instances/views";
import { sshKeyObject } from "../cloud/ssh-keys/schema";
import { sshKeyView } from "../cloud/ssh-keys/service";
import { errorBody, AppError } from "../errors";
import { errorEnvelope } from "../wire/schema";
import { apiKeyObject } from "../keys/schema";
import { keyView } from "../keys/service";

const at = new Date("2026-11-25T10:00:00.000Z");

const instance: Instance = {
  id: "ins_1", workspaceId: "wsp_1", projectId: "prj_1", hostname: "web-1", product: "ubuntu-24.04", plan: "s-1vcpu-1gb",
  region: "fra1", sshKeyId: null, backups: false, status: "provisioning", ipv4: null, ipv6: null, billedThrough: null, createdAt: at, updatedAt: at,
  statusReason: null, snapshotId: null, backupId: null, keyId: null, runEndedAt: null, engine: "simulated", image: "ubuntu-24.04", sshPort: null,
};
const action: Action = { id: "act_1", instanceId: "ins_1", projectId: "prj_1", type: "power_off", status: "in_progress", reason: null, startedAt: at, completedAt: null };
const snapshot: Snapshot = { id: "snap_1", projectId: "prj_1", instanceId: "ins_1", name: "web-1-2026-11-25", status: "pending", sizeGb: 0, engineRef: null, createdAt: at, completedAt: null };
const backup: Backup = { id: "bkp_1", projectId: "prj_1", instanceId: "ins_1", status: "available", sizeGb: 25, actionId: null, sizeBytes: null, checksum: null, storedAt: null, createdAt: at, completedAt: at };

describe("response schemas match the views", () => {
  it("instance", () => {
    expect(instanceObject.parse(instanceView(instance))).toBeTruthy();
    expect(instanceObject.parse(instanceView({ ...instance, sshKeyId: "ssh_1", status: "running", ipv4: "203.0.113.7", ipv6: "2001:db8::7" }))).toBeTruthy();
    expect(instanceObject.parse(instanceView({ ...instance, status: "failed", statusReason: "The region has no capacity.", snapshotId: "snap_1" }))).toBeTruthy();
    expect(instanceObject.parse(instanceView({ ...instance, status: "running", backupId: "bkp_1" }))).toBeTruthy();
    const real = instanceView({ ...instance, status: "running", engine: "docker", image: "debian-12-sshd", product: "debian-12", sshPort: 25401 });
    expect(instanceObject.parse(real).ssh).toEqual({ host: "127.0.0.1", port: 25401, user: "root" });
  });

  it("a backup kept in a store", () => {
    const stored = backupView({ ...backup, sizeBytes: 117_384_193n, checksum: `sha256:${"a".repeat(64)}`, storedAt: "s3://b/p/ins_1/bkp_1.tar" });
    expect(backupObject.parse(stored)).toMatchObject({ size_bytes: 117_384_193, stored_at: "s3://b/p/ins_1/bkp_1.tar" });
  });
  it("action, snapshot, backup", () => {
    expect(actionObject.parse(actionView(action))).toBeTruthy();
    expect(actionObject.parse(actionView({ ...action, status: "completed", completedAt: at }))).toBeTruthy();
    expect(actionObject.parse(actionView({ ...action, status: "failed", reason: "The region has no capacity.", completedAt: at }))).toBeTruthy();
    expect(snapshotObject.parse(snapshotView(snapshot))).toBeTruthy();
    expect(snapshotObject.parse(snapshotView({ ...snapshot, status: "available", completedAt: at }))).toBeTruthy();
    expect(backupObject.parse(backupView(backup))).toBeTruthy();
    expect(backupObject.parse(backupView({ ...backup, actionId: "act_1", action: { ...action, type: "backup", status: "completed", completedAt: at } }))).toBeTruthy();
  });

  it("api key", () => {
    const row = {
      id: "key_1", name: "ci", scope: "read", prefix: "abcdefgh", last4: "wxyz", createdAt: at, lastUsedAt: null,
      rateLimitGenerate: null, rateLimitApi: 5, monthlyCreditLimit: null, limitReset: "monthly",
    };
    const tier = { generate: 60, api: 1000 };
    const resetsAt = new Date("2026-12-01T00:00:00Z");
    expect(apiKeyObject.parse(keyView(row, tier, { used: 0n, resetsAt }))).toBeTruthy();
    const daily = { ...row, lastUsedAt: at, monthlyCreditLimit: 2_500_000n, limitReset: "daily" };
    expect(apiKeyObject.parse(keyView(daily, tier, { used: 1_000n, resetsAt }))).toMatchObject({
      rate_limits: { generate: 60, api: 5 }, credit_limit: 2.5, limit_reset: "daily", limit_resets_at: "2026-12-01T00:00:00Z",
      credits_used: 0.001, monthly_credit_limit: 2.5, credits_used_this_month: 0.001,
    });
  });

  it("ssh key, domain, record", () => {
    const sshKey: SshKey = { id: "ssh_1", projectId: "prj_1", name: "laptop", publicKey: "ssh-ed25519 AAAA me", fingerprint: "SHA256:abc", createdAt: at };
    expect(sshKeyObject.parse(sshKeyView(sshKey))).toBeTruthy();
    const domain: Domain = { id: "dom_1", projectId: "prj_1", name: "example.com", createdAt: at };
    expect(domainObject.parse(domainView({ ...domain, records: [{ value: "ns1.example.net" }] }, new Set()))).toMatchObject({ name_servers: ["ns1.example.net"], served: false });
    const record: DnsRecord = { id: "rec_1", domainId: "dom_1", type: "MX", name: "@", value: "mail.example.com", ttl: 3600, priority: 10, createdAt: at };
    expect(recordObject.parse(recordView(record, "example.com"))).toBeTruthy();
    expect(recordObject.parse(recordView({ ...record, type: "A", value: "203.0.113.7", priority: null }, "example.com"))).toBeTruthy();
    expect(recordObject.parse(recordView({ ...record, type: "NS", value: "ns1.example.net", priority: null }, "example.com"))).toBeTruthy();
  });

  it("generation activity: a completed one with its key, a failed playground one", () => {
    const row: Generation = {
      id: "gen_1", workspaceId: "wsp_1", projectId: "prj_1", keyId: "key_1", product: "scholar", endpoint: "completions", family: "secret-family",
      status: "completed", inputTokens: 12, outputTokens: 30, credits: 159n, createdAt: at, door: "native", errorCode: null, finishReason: "stop",
      latencyMs: 420, firstTokenMs: 80, routingReason: "primary engine answered", attempts: 1, escalated: false,
    };
    const view = generationObject.parse(generationView(row, new Map([["key_1", "ci"]])));
    expect(view).toMatchObject({ key: { id: "key_1", name: "ci" }, usage: { input_tokens: 12, output_tokens: 30, credits: 0.000159 }, routing: { attempts: 1 } });
    expect(JSON.stringify(view)).not.toContain("secret-family");
    const failed = { ...row, keyId: null, door: "playground", status: "failed", errorCode: "upstream_unavailable", finishReason: null, firstTokenMs: null };
    expect(generationObject.parse(generationView(failed, new Map()))).toMatchObject({ key: null, status: "failed", error_code: "upstream_unavailable" });
  });

  it("catalog", () => {
    expect(catalogResponse.parse(catalog())).toBeTruthy();
  });

  it("audit event", () => {
    const row: AuditEvent = { id: "aud_1", workspaceId: "wsp_1", projectId: null, action: "user.sign_in_failed", actorType: "user", actorId: null, target: "a@example.com", ip: null, createdAt: at,
      targetType: null, targetName: null, actorName: null, changes: null, requestId: null };
    // A row older than the names and changes still answers in the schema, its target named by the email.
    expect(auditEventObject.parse(auditEventView(row))).toMatchObject({ target: { type: "user", id: "a@example.com", name: "a@example.com" }, changes: {} });
    const named = { ...row, action: "instance.resize", actorType: "user", actorId: "usr_1", actorName: "a@example.com", target: "ins_1", targetType: "instance", targetName: "web-1", changes: { plan: ["s-1", "s-2"] }, requestId: "req_1" };
    expect(auditEventObject.parse(auditEventView(named))).toMatchObject({ actor: { name: "a@example.com" }, target: { name: "web-1" }, request_id: "req_1" });
    expect(auditEventObject.parse(auditEventView({ ...row, action: "api_key.revoke", actorType: "api_key", actorId: "key_1", target: "key_2", ip: "203.0.113.7" }))).toBeTruthy();
  });

  it("error envelope, with and without extra members", () => {
    expect(errorEnvelope.parse(errorBody(new AppError("not_found", "No instance."), "req_1"))).toBeTruthy();
    const refused = new AppError("insufficient_credits", "Add credits.", { balance: 0.5, required: 1 });
    expect(errorEnvelope.parse(errorBody(refused, "req_1")).error.type).toBe("billing_error");
  });

  it("refuses a field the schema does not know", () => {
    expect(() => instanceObject.parse({ ...instanceView(instance), secret: "x" })).toThrow();
  });
});
