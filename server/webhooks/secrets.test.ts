// Webhook signing secrets: their Standard Webhooks form, and their sealing at rest (AES-256-GCM)
// that round-trips, hides the secret, never repeats, and refuses any altered part.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSigningSecret, openSecret, sealSecret } from "./secrets";

/** `text` with the character at `index` replaced by another of the base64url alphabet. */
function flip(text: string, index: number): string {
  const replacement = text[index] === "A" ? "B" : "A";
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

function withPart(sealed: string, part: number, change: (value: string) => string): string {
  const parts = sealed.split(".");
  parts[part] = change(parts[part]);
  return parts.join(".");
}

describe("newSigningSecret", () => {
  it("is whsec_ and the base64 of 32 bytes", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice("whsec_".length), "base64")).toHaveLength(32);
  });

  it("never repeats in 1000 draws", () => {
    expect(new Set(Array.from({ length: 1000 }, newSigningSecret)).size).toBe(1000);
  });

  it("is accepted by the standardwebhooks library, which signs and verifies with it", () => {
    const secret = newSigningSecret();
    const webhook = new Webhook(secret);
    const timestamp = new Date();
    const body = JSON.stringify({ type: "ping" });
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": webhook.sign("msg_1", timestamp, body),
    };
    expect(webhook.verify(body, headers)).toEqual({ type: "ping" });
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });
});

describe("sealSecret / openSecret", () => {
  it("round-trips", () => {
    const secret = newSigningSecret();
    expect(openSecret(sealSecret(secret))).toBe(secret);
  });

  it("round-trips any text, not only whsec_ secrets", () => {
    for (const text of ["x", "é🙂 ünïcode", "a".repeat(1000)]) expect(openSecret(sealSecret(text))).toBe(text);
  });

  it("has the form v1.<iv>.<tag>.<ciphertext> in base64url", () => {
    const sealed = sealSecret(newSigningSecret());
    const [version, iv, tag, ciphertext, ...rest] = sealed.split(".");
    expect(version).toBe("v1");
    expect(Buffer.from(iv, "base64url")).toHaveLength(12);
    expect(Buffer.from(tag, "base64url")).toHaveLength(16);
    expect(Buffer.from(ciphertext, "base64url")).toHaveLength("whsec_".length + 44);
    expect(rest).toEqual([]);
    expect(sealed).toMatch(/^v1(\.[A-Za-z0-9_-]+){3}$/);
  });

  it("does not contain the secret, nor its key material", () => {
    const secret = newSigningSecret();
    const sealed = sealSecret(secret);
    const body = secret.slice("whsec_".length);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(body.slice(0, 12));
    expect(sealed).not.toContain(Buffer.from(body, "base64").toString("base64url").slice(0, 12));
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64url").slice(0, 12));
  });

  it("never seals one secret the same way twice", () => {
    const secret = newSigningSecret();
    const a = sealSecret(secret);
    const b = sealSecret(secret);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]); // a fresh IV each time
    expect(a.split(".")[3]).not.toBe(b.split(".")[3]);
    expect(openSecret(a)).toBe(secret);
    expect(openSecret(b)).toBe(secret);
  });

  it("refuses a ciphertext with one character changed", () => {
    const sealed = sealSecret(newSigningSecret());
    expect(() => openSecret(withPart(sealed, 3, (c) => flip(c, 0)))).toThrow();
    expect(() => openSecret(withPart(sealed, 3, (c) => flip(c, 20)))).toThrow();
  });

  it("refuses a changed authentication tag or IV", () => {
    const sealed = sealSecret(newSigningSecret());
    expect(() => openSecret(withPart(sealed, 2, (t) => flip(t, 0)))).toThrow();
    expect(() => openSecret(withPart(sealed, 1, (iv) => flip(iv, 0)))).toThrow();
  });

  it("refuses a shortened authentication tag (a 4-byte tag would be far easier to forge)", () => {
    const sealed = sealSecret(newSigningSecret());
    for (const bytes of [4, 8, 12]) {
      expect(() => openSecret(withPart(sealed, 2, (t) => Buffer.from(t, "base64url").subarray(0, bytes).toString("base64url")))).toThrow();
    }
  });

  it("refuses the ciphertext of one seal with the tag of another", () => {
    const secret = newSigningSecret();
    const a = sealSecret(secret).split(".");
    const b = sealSecret(secret).split(".");
    expect(() => openSecret([a[0], a[1], b[2], a[3]].join("."))).toThrow();
  });

  it("refuses a truncated ciphertext", () => {
    const sealed = sealSecret(newSigningSecret());
    expect(() => openSecret(withPart(sealed, 3, (c) => c.slice(0, -4)))).toThrow();
  });

  it("refuses another version or missing parts as unreadable", () => {
    const sealed = sealSecret(newSigningSecret());
    expect(() => openSecret(sealed.replace(/^v1\./, "v2."))).toThrow(/unreadable webhook secret/);
    expect(() => openSecret(sealed.split(".").slice(0, 3).join("."))).toThrow(/unreadable webhook secret/);
    expect(() => openSecret(withPart(sealed, 2, () => ""))).toThrow(/unreadable webhook secret/);
    expect(() => openSecret("")).toThrow(/unreadable webhook secret/);
    expect(() => openSecret(newSigningSecret())).toThrow(/unreadable webhook secret/);
  });
});
