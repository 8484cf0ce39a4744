// The codes of two-factor sign-in, without I/O: authenticator (TOTP, RFC 6238, as authenticator
// apps make them: SHA-1, 6 digits, 30 s) codes checked with otplib, and recovery codes, random and
// kept only as an HMAC under the server secret (high-entropy, so no slow hash is needed; the
// HMAC lets a presented code be looked up).
import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { toString as qrSvg } from "qrcode";
import { keyHashSecret } from "../../secrets";

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Switchyard";
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = 30;

export const newAuthenticatorSecret = () => generateSecret();

/** The otpauth:// address and its QR code (an SVG), for an authenticator app to scan. */
export async function authenticatorLink(secret: string, email: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  return { uri, qrSvg: await qrSvg(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" }) };
}

/** What the user typed, as either kind of code: digits for the authenticator, else a recovery code. */
export function codeKind(typed: string): { kind: "authenticator" | "recovery"; code: string } {
  const compact = typed.replace(/[\s-]/g, "").toLowerCase();
  return /^\d{6}$/.test(compact) ? { kind: "authenticator", code: compact } : { kind: "recovery", code: compact };
}

/**
 * The time step of an authenticator code that is right now and newer than `afterStep` (a code
 * already used, or an older one, is refused: no replay within its window); null otherwise.
 */
export async function authenticatorStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(afterStep !== null && { afterTimeStep: afterStep }) }).catch(() => null);
  return result?.valid && "timeStep" in result ? result.timeStep : null;
}

// 10 characters of a 32-letter alphabet without look-alikes (no i, l, o, 1; 50 bits), shown as `xxxxx-xxxxx`.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz023456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte % 32]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code, from either its shown or its typed form. */
export function hashRecoveryCode(code: string): string {
  return createHmac("sha256", keyHashSecret()).update(`recovery ${codeKind(code).code}`).digest("hex");
}
