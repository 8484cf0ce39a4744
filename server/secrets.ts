// Server secrets: taken from the environment, or generated once into DATA_DIR in embedded mode
// so that a fresh clone needs no configuration and a restart keeps existing keys valid.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "./env";

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

function secret(name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  let value = cache.get(name);
  if (!value) {
    value = fileSecret(name);
    cache.set(name, value);
  }
  return value;
}

export const keyHashSecret = () => secret("key-hash-secret", env.KEY_HASH_SECRET);
export const sessionSecret = () => secret("session-secret", env.NEXTAUTH_SECRET);
