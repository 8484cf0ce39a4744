// Email verification: a signed, expiring link mailed at sign-up; following it marks the email
// verified and grants the workspace's starter credits, exactly once.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Tx } from "../db";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { embedded, env } from "../env";
import { toMicro } from "../billing/credits";
import { applyEntry } from "../billing/ledger";
import { log } from "../log";
import { sendMail } from "../mail/send-mail";
import { sessionSecret } from "../secrets";
import { signUpAttemptMail, verificationMail } from "./account-mail";
import { pastHourly, takeHourly } from "./hourly-limit";

const LINK_HOURS = 24;
const RESENDS_PER_HOUR = 3;
const ATTEMPT_MAILS_PER_HOUR = 1;

// A key of its own, derived from the session secret (shared by every replica already), so a
// verification token and a session signature can never stand in for each other.
const signingKey = () => createHmac("sha256", sessionSecret()).update("switchyard email verification").digest();

// Bound to the email: a token mailed to an address proves nothing about another one.
const signature = (userId: string, email: string, expires: number) =>
  createHmac("sha256", signingKey()).update(`${userId}\n${email}\n${expires}`).digest("base64url");

/** `<user id>.<expiry, unix seconds>.<HMAC>`, valid for LINK_HOURS from `now`. */
export function verificationToken(user: { id: string; email: string }, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LINK_HOURS * 3600;
  return `${user.id}.${expires}.${signature(user.id, user.email, expires)}`;
}

/**
 * Where links in mail point: NEXTAUTH_URL. Without it, the origin the request came to, but only in
 * embedded mode without SMTP_URL, where mail goes to the operator's log: the Host header is the
 * client's word, and a link built from it and mailed to someone would send their token elsewhere.
 */
export function publicOrigin(requestOrigin: string | null | undefined, logOnly = embedded && !env.SMTP_URL): string | null {
  if (env.NEXTAUTH_URL) return env.NEXTAUTH_URL.replace(/\/+$/, "");
  return logOnly ? (requestOrigin ?? null) : null;
}

/** Mails the user a fresh link (in the background: the caller's answer does not wait for it). */
export function mailVerificationLink(user: { id: string; email: string }, requestOrigin: string | null | undefined): void {
  const origin = publicOrigin(requestOrigin);
  if (!origin) {
    log.warn("verification link not sent: set NEXTAUTH_URL, the console's public URL, to build it");
    return;
  }
  void sendMail(verificationMail(user.email, `${origin}/verify-email?token=${verificationToken(user)}`, LINK_HOURS));
}

/**
 * Tells the owner of an email that someone tried to sign up with it (in the background), once an
 * hour at most: sign-up attempts must not become a way to flood someone's inbox.
 */
export function mailSignUpAttempt(email: string, requestOrigin: string | null | undefined): void {
  const origin = publicOrigin(requestOrigin);
  void pastHourly(`attempt-mail:${email.toLowerCase()}`, ATTEMPT_MAILS_PER_HOUR)
    .then((past) => (past > 0 ? undefined : sendMail(signUpAttemptMail(email, origin && `${origin}/sign-in`))))
    .catch((error: unknown) => log.error({ err: error }, "sign-up attempt mail not sent"));
}

/** The starter credits, inside the transaction that verifies the email (or vouches for it). */
export async function grantStarterCredits(tx: Tx, workspaceId: string): Promise<void> {
  const starter = toMicro(env.STARTER_CREDITS);
  if (starter > 0n) await applyEntry(tx, { workspaceId, kind: "grant", amount: starter, description: "Starter credits" });
}

export type Verification = { outcome: "verified"; credits: number } | { outcome: "already_verified" | "expired" | "invalid" };

function readToken(token: string): { userId: string; expires: number; mac: string } | null {
  const [userId, expiresText, mac, ...rest] = token.split(".");
  const expires = Number(expiresText);
  if (rest.length || !userId || !mac || !Number.isSafeInteger(expires)) return null;
  return { userId, expires, mac };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Follows a link: the first time marks the email verified and grants the starter credits to the
 * user's first workspace, in one transaction whose conditional update lets exactly one of any
 * number of concurrent followers through; later times change nothing.
 */
export async function verifyEmail(token: string, now = Date.now()): Promise<Verification> {
  const parsed = readToken(token);
  if (!parsed) return { outcome: "invalid" };
  const user = await db().user.findUnique({ where: { id: parsed.userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user || !sameText(parsed.mac, signature(parsed.userId, user.email, parsed.expires))) return { outcome: "invalid" };
  if (user.emailVerifiedAt) return { outcome: "already_verified" };
  if (parsed.expires * 1000 < now) return { outcome: "expired" };
  return db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: parsed.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date(now) } });
    if (count === 0) return { outcome: "already_verified" } as const;
    const first = await tx.membership.findFirst({ where: { userId: parsed.userId }, orderBy: { createdAt: "asc" }, select: { workspaceId: true } });
    if (first) await grantStarterCredits(tx, first.workspaceId);
    const by = { type: "user" as const, id: parsed.userId };
    await recordAudit(tx, { workspaceId: first?.workspaceId ?? null, action: "user.verify_email", by, target: { type: "user", id: parsed.userId, name: user.email } });
    return { outcome: "verified", credits: env.STARTER_CREDITS } as const;
  });
}

/** "Send the link again" from the console: a few times an hour per user; nothing once verified. */
export async function resendVerificationLink(userId: string, requestOrigin: string | null | undefined): Promise<{ sent: boolean }> {
  await takeHourly(`resend:${userId}`, RESENDS_PER_HOUR, "The link was sent several times in the last hour.");
  const user = await db().user.findUnique({ where: { id: userId }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (!user || user.emailVerifiedAt) return { sent: false };
  mailVerificationLink(user, requestOrigin);
  return { sent: true };
}
