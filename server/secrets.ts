// Server secrets: taken from the environment, or generated once into DATA_DIR in embedded mode
// so that a fresh clone needs no configuration and a restart keeps existing keys valid. At scale
// (DATABASE_URL) every replica must share them: a process without them refuses to start rather
// than make secrets of its own that the other replicas would not know.
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { embedded, env } from "./env";

const cache = new Map<string, string>();

function fileSecret(name: string): string {
  const path = join(env.DATA_DIR, name);
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("base64url");
    try {
      writeFileSync(path, secret + "\n", { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return readFileSync(path, "utf8").trim(); // another process wrote it first
    }
  }
}

const SHARED = { "key-hash-secret": "KEY_HASH_SECRET", "session-secret": "NEXTAUTH_SECRET" } as const;

function secret(name: keyof typeof SHARED, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  if (!embedded) throw new Error(`${SHARED[name]} is not set: with DATABASE_URL every replica needs the same ${SHARED[name]} (32+ characters), e.g. from \`openssl rand -hex 32\`.`);
  let value = cache.get(name);
  if (!value) {
    value = fileSecret(name);
    cache.set(name, value);
  }
  return value;
}

export const keyHashSecret = () => secret("key-hash-secret", env.KEY_HASH_SECRET);
export const sessionSecret = () => secret("session-secret", env.NEXTAUTH_SECRET);

/** Called when a server process starts: at scale, a missing shared secret stops it here. */
export function checkSharedSecrets(): void {
  keyHashSecret();
  sessionSecret();
}
