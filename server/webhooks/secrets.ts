// Signing secrets of webhooks: `whsec_<base64>` as Standard Webhooks defines them, shown once and
// stored encrypted (AES-256-GCM under a key derived from the server secret): the deliverer needs
// them in clear to sign, so a hash would not do, and a database dump alone reveals none.
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { keyHashSecret } from "../secrets";

let cachedKey: Buffer | undefined;
function key(): Buffer {
  cachedKey ??= Buffer.from(hkdfSync("sha256", keyHashSecret(), "switchyard", "webhook signing secrets", 32));
  return cachedKey;
}

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export function openSecret(stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !sealed) throw new Error("unreadable webhook secret");
  // A full 16-byte tag only: Node would otherwise accept a shortened one, which is easier to forge.
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"), { authTagLength: 16 });
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
