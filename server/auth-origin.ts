// Where next-auth 4 believes it is served from.
//
// next-auth 4 builds its absolute URLs (redirects after sign-in/out, the callback URL check) and
// picks secure cookies from NEXTAUTH_URL; when that is unset it falls back to http://localhost:3000,
// which is wrong on any other host or port (the tests serve on a random one). With AUTH_TRUST_HOST
// (next-auth/utils/detect-origin.js) it takes the origin from X-Forwarded-Host/-Proto instead, and
// `next start` fills both from the Host header and the socket when no proxy set them
// (next/dist/server/base-server.js), so the origin is the one the browser actually used.
// Trusting the Host header is safe here: credentials are the only provider and a forged host only
// changes the URLs sent back to the forger. Mailed links (email verification) are built from it in
// embedded mode only; at scale from NEXTAUTH_URL (server/accounts/email-verification.ts).
import "server-only";
import { env } from "./env";

export function trustRequestHost(): void {
  if (!env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
}
