// Secrets the server must read back in clear (webhook signing secrets, authenticator secrets),
// stored encrypted: AES-256-GCM under a key derived from the server secret, one key per purpose,
// so that a database dump alone reveals none of them.
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { keyHashSecret } from "./secrets";

export type Sealer = { seal(secret: string): string; open(stored: string): string };

/** `purpose` picks the key (HKDF info); `noun` names the secret in the error for a damaged one. */
export function sealer(purpose: string, noun: string): Sealer {
  let cachedKey: Buffer | undefined;
  const key = () => (cachedKey ??= Buffer.from(hkdfSync("sha256", keyHashSecret(), "switchyard", purpose, 32)));
  return {
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key(), iv);
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
    },
    open(stored) {
      const [version, iv, tag, sealed] = stored.split(".");
      if (version !== "v1" || !iv || !tag || !sealed) throw new Error(`unreadable ${noun}`);
      // A full 16-byte tag only: Node would otherwise accept a shortened one, which is easier to forge.
      const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"), { authTagLength: 16 });
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
