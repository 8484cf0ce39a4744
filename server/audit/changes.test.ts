// What the audit log records of a change: only what differs, in JSON's values, and never a secret
// whatever the caller passes (hashes, webhook secrets, passwords, TOTP seeds, key material).
import { describe, expect, it } from "vitest";
import { changesOf, isSecretField } from "./changes";

describe("changesOf", () => {
  it("an update: only the fields that differ, old and new", () => {
    const before = { name: "ci", scope: "read", rateLimitApi: null, createdAt: new Date("2026-01-01T00:00:00Z") };
    const after = { ...before, name: "deploy", rateLimitApi: 600 };
    expect(changesOf(before, after)).toEqual({ name: ["ci", "deploy"], rateLimitApi: [null, 600] });
    expect(changesOf(before, { ...before }), "nothing changed").toBeNull();
  });

  it("a creation or deletion: every named field against null; dates and credits as JSON", () => {
    const row = { hostname: "web-1", plan: "s-1vcpu-1gb", at: new Date("2026-02-03T04:05:06Z"), credits: 12n, other: "left out" };
    expect(changesOf(null, row, ["hostname", "plan", "at", "credits"])).toEqual({
      hostname: [null, "web-1"], plan: [null, "s-1vcpu-1gb"], at: [null, "2026-02-03T04:05:06.000Z"], credits: [null, 12],
    });
    expect(changesOf(row, null, ["hostname"])).toEqual({ hostname: ["web-1", null] });
  });

  it("never a secret, even when a caller names it or passes a whole row", () => {
    const webhook = { url: "https://a.example/h", secret: "whsec_new", previousSecret: "whsec_old", previous_secret_expires_at: "x" };
    const key = { name: "ci", hash: "abc123hash", key: "swk_live_secret", passwordHash: "$argon2id$", totp_seed: "JBSWY3DP" };
    const sshKey = { name: "laptop", publicKey: "ssh-ed25519 AAAA", public_key: "ssh-ed25519 AAAA" };
    const all = { ...webhook, ...key, ...sshKey, password: "hunter2hunter2", resetToken: "tok_1", recovery_codes: ["a"] };
    const recorded = JSON.stringify([changesOf(null, all), changesOf(all, null, Object.keys(all)), changesOf({}, all)]);
    for (const secret of ["whsec_new", "whsec_old", "abc123hash", "swk_live_secret", "$argon2id$", "JBSWY3DP", "ssh-ed25519", "hunter2", "tok_1"]) {
      expect(recorded).not.toContain(secret);
    }
    expect(changesOf(null, all)).toMatchObject({ url: [null, "https://a.example/h"], name: [null, "laptop"] });
  });

  it("names that only look like secrets are kept: token counts, an SSH key's id", () => {
    for (const field of ["input_per_million_tokens", "sshKeyId", "ssh_key_id", "keyId", "name"]) expect(isSecretField(field), field).toBe(false);
    for (const field of ["secret", "previousSecret", "hash", "password_hash", "key", "publicKey", "totpSeed", "token"]) expect(isSecretField(field), field).toBe(true);
  });
});
