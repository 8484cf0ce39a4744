// Keys are generated for each run (node:crypto, converted by sshpk): no private key is committed.
import { spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sshpk from "sshpk";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_PUBLIC_KEY_CHARS, parsePublicKey } from "./public-key";

type Spec = Parameters<typeof generateKeyPairSync>[0];
function keyPair(type: string, options: object = {}) {
  const { publicKey, privateKey } = generateKeyPairSync(type as Spec as "ed25519", {
    ...options,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  } as never) as unknown as { publicKey: string; privateKey: string };
  const line = sshpk.parseKey(publicKey, "pem").toString("ssh").replace(/ \(unnamed\)$/, "");
  return { line, privateKey };
}

const accepted = {
  ed25519: keyPair("ed25519"),
  p256: keyPair("ec", { namedCurve: "P-256" }),
  p384: keyPair("ec", { namedCurve: "P-384" }),
  p521: keyPair("ec", { namedCurve: "P-521" }),
  rsa2048: keyPair("rsa", { modulusLength: 2048 }),
};
const ed = accepted.ed25519.line;
const [edType, edBase64] = ed.split(" ");

const refusal = (input: string) => {
  const result = parsePublicKey(input);
  if (result.ok) throw new Error(`accepted: ${input.slice(0, 60)}`);
  return result.message;
};

/** What ssh-keygen prints, computed independently: SHA-256 of the blob, base64 without padding. */
const expectedFingerprint = (line: string) =>
  "SHA256:" + createHash("sha256").update(Buffer.from(line.split(" ")[1], "base64")).digest("base64").replace(/=+$/, "");

describe("accepted keys", () => {
  it.each(Object.entries(accepted))("%s: type, size, fingerprint, canonical line", (_label, { line }) => {
    const result = parsePublicKey(`${line} alice@laptop\n`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.key.type).toBe(line.split(" ")[0]);
    expect(result.key.fingerprint).toBe(expectedFingerprint(line));
    expect(result.key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(result.key.publicKey).toBe(`${line} alice@laptop`);
  });

  it("reports the key sizes", () => {
    const bits = Object.fromEntries(Object.entries(accepted).map(([label, { line }]) => [label, (parsePublicKey(line) as { key: { bits: number } }).key.bits]));
    expect(bits).toEqual({ ed25519: 256, p256: 256, p384: 384, p521: 521, rsa2048: 2048 });
  });

  it("keeps a comment with spaces, drops surrounding white space, accepts CRLF and tabs", () => {
    expect(parsePublicKey(`  ${edType}\t${edBase64}   my key (work)  \r\n`)).toMatchObject({
      ok: true,
      key: { publicKey: `${edType} ${edBase64} my key (work)` },
    });
    expect(parsePublicKey(`${edType} ${edBase64}`)).toMatchObject({ ok: true, key: { publicKey: `${edType} ${edBase64}` } });
  });

  const sshKeygen = spawnSync("ssh-keygen", ["-?"]).error ? null : "ssh-keygen";
  const dir = mkdtempSync(join(tmpdir(), "sshkeys-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it.skipIf(!sshKeygen).each(Object.keys(accepted))("%s: the fingerprint is the one ssh-keygen -lf prints", (label) => {
    const line = accepted[label as keyof typeof accepted].line;
    const file = join(dir, `${label}.pub`);
    writeFileSync(file, `${line} test\n`);
    const printed = spawnSync("ssh-keygen", ["-lf", file], { encoding: "utf8" }).stdout.split(" ")[1];
    expect(printed).toMatch(/^SHA256:/);
    expect((parsePublicKey(line) as { key: { fingerprint: string } }).key.fingerprint).toBe(printed);
  });
});

describe("refused keys", () => {
  it("RSA under 2048 bits", () => {
    expect(refusal(keyPair("rsa", { modulusLength: 1024 }).line)).toMatch(/1024 bits; RSA keys need at least 2048/);
    expect(refusal(keyPair("rsa", { modulusLength: 2040 }).line)).toMatch(/2040 bits/);
  });

  it("DSA", () => {
    expect(refusal(keyPair("dsa", { modulusLength: 1024, divisorLength: 160 }).line)).toMatch(/DSA keys are refused/);
  });

  it("private keys, in every usual form, with a warning", () => {
    const { privateKey } = accepted.ed25519;
    const openssh = sshpk.parsePrivateKey(privateKey, "pem").toString("openssh");
    const pkcs1 = sshpk.parsePrivateKey(accepted.rsa2048.privateKey, "pem").toString("pkcs1");
    for (const key of [privateKey, openssh, pkcs1, "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n"]) {
      expect(refusal(key)).toMatch(/private key\. Never share it/);
    }
  });

  it("several keys, on several lines or on one", () => {
    expect(refusal(`${ed}\n${accepted.rsa2048.line}\n`)).toMatch(/several keys/);
    expect(refusal(`${ed} ${accepted.rsa2048.line}`)).toMatch(/several keys/);
    expect(refusal(`${ed} me@host ${accepted.p256.line} other`)).toMatch(/several keys/);
    expect(refusal(`${ed}\nsomething else`)).toMatch(/single line/);
  });

  it("over-long input", () => {
    expect(refusal(`${ed} ${"x".repeat(MAX_PUBLIC_KEY_CHARS)}`)).toMatch(/over 8192 characters/);
  });

  it("garbage and empty input", () => {
    expect(refusal("")).toMatch(/empty/);
    expect(refusal("   \n ")).toMatch(/empty/);
    expect(refusal("hello")).toMatch(/is not one: a key looks like/);
    expect(refusal("hello world")).toMatch(/^The public key "hello world" does not start with a supported key type/);
    expect(refusal("not a key")).toMatch(/^The public key "not a key" does not start with a supported key type; use ssh-ed25519/);
    expect(refusal(edBase64)).toMatch(/is not one: a key looks like/);
    expect(refusal(`${edType} not-base64!!`)).toMatch(/not valid base64/);
    expect(refusal(`${edType} AAAA`)).toMatch(/not a valid ssh-ed25519 key/);
  });

  it("PEM and SSH2 public keys, with the conversion hint", () => {
    const pem = sshpk.parseKey(ed, "ssh").toString("pkcs8");
    expect(refusal(pem)).toMatch(/PEM or SSH2 format.*ssh-keygen -i/);
    expect(refusal(`---- BEGIN SSH2 PUBLIC KEY ----\n${edBase64}\n---- END SSH2 PUBLIC KEY ----`)).toMatch(/PEM or SSH2/);
  });

  it("tampered blobs: truncated, extra bytes, type mismatch, non-canonical base64", () => {
    expect(refusal(`${edType} ${edBase64.slice(0, -8)}`)).toMatch(/not a valid ssh-ed25519 key/);
    const extra = Buffer.concat([Buffer.from(edBase64, "base64"), Buffer.from([0, 0, 0, 0])]).toString("base64");
    expect(refusal(`${edType} ${extra}`)).toMatch(/not a valid ssh-ed25519 key/);
    expect(refusal(`ssh-rsa ${edBase64}`)).toMatch(/not a valid ssh-rsa key/);
    const p256 = accepted.p256.line.split(" ");
    expect(refusal(`ecdsa-sha2-nistp384 ${p256[1]}`)).toMatch(/not a valid ecdsa-sha2-nistp384 key/);
    expect(refusal(`${edType} ${edBase64}==`)).toMatch(/not valid base64/);
  });

  it("key material that OpenSSL rejects: a short ed25519 key, an ECDSA point off the curve", () => {
    const short = Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from("ssh-ed25519"), Buffer.from([0, 0, 0, 31]), Buffer.alloc(31, 7)]);
    expect(refusal(`ssh-ed25519 ${short.toString("base64")}`)).toMatch(/not a valid ssh-ed25519 key/);
    const [type, base64] = accepted.p256.line.split(" ");
    const blob = Buffer.from(base64, "base64");
    blob[blob.length - 1] ^= 1;
    expect(refusal(`${type} ${blob.toString("base64")}`)).toMatch(/not a valid ecdsa-sha2-nistp256 key/);
  });

  it("certificates, security keys, unknown types, authorized_keys options", () => {
    expect(refusal(`ssh-ed25519-cert-v01@openssh.com ${edBase64}`)).toMatch(/certificate/);
    expect(refusal(`sk-ssh-ed25519@openssh.com ${edBase64}`)).toMatch(/Security-key/);
    expect(refusal(`ssh-ed448 ${edBase64}`)).toMatch(/does not start with a supported key type/);
    expect(refusal(`no-pty,from="10.0.0.1" ${ed}`)).toMatch(/without authorized_keys options/);
  });

  it("control characters", () => {
    expect(refusal(`${ed} bad\u0007comment`)).toMatch(/control characters/);
    expect(refusal(`${ed}\u0000`)).toMatch(/control characters/);
  });
});
