// Tokens of mailed links (password reset, invitations): 256 random bits, of which only the SHA-256
// is stored, so a copy of the database opens nothing.
import { createHash, randomBytes } from "node:crypto";

export const linkTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: linkTokenHash(token) };
}
