// Password hashing with argon2id (the @node-rs/argon2 default algorithm; its defaults follow OWASP).
import "server-only";
import { hash, verify } from "@node-rs/argon2";

export const hashPassword = (password: string) => hash(password);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both paths take the same time.
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash("not-a-real-password"));
