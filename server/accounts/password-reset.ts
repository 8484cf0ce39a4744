// "Forgot password?": a link mailed to the address, working once for PASSWORD_RESET_LINK_SECONDS.
// The token is 256 random bits; only its SHA-256 is stored, so a copy of the database opens no
// account. Asking answers the same whether or not the address has an account, after the same
// work (the limit checks and one lookup; an account's link is written and mailed after the answer),
// so neither the answer nor its time tells who has one (a write before the answer made accounts
// answer 8 ms slower). Asking is limited per client network (refused; an IPv6 client by its /64) and per email
// (past the budget, quietly no more mail: a refusal there would tell nothing, but neither may the
// form flood an inbox).
import "server-only";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { addressNetwork } from "../http/client-address";
import { linkTokenHash as tokenHash, newLinkToken } from "../link-tokens";
import { log } from "../log";
import { sendMail } from "../mail/send-mail";
import { passwordChangedMail, passwordResetMail } from "./account-mail";
import { publicOrigin } from "./email-verification";
import { pastHourly, takeHourly } from "./hourly-limit";
import { requireStrongPassword } from "./password-strength";
import { hashPassword } from "./passwords";
import { endSessions } from "./sessions";
import { userAuditRecords, withWorkspaces } from "./user-audit";

const ASKS_PER_ADDRESS_PER_HOUR = 10;
const MAILS_PER_EMAIL_PER_HOUR = 3;

export const RESET_ASKED = "If an account exists for that address, we sent a link to reset its password. Check your mail.";

type Client = { address: string | null | undefined; origin: string | null | undefined };

export async function requestPasswordReset(email: string, client: Client, now = new Date()): Promise<{ message: string }> {
  const from = client.address ? addressNetwork(client.address) : "unknown";
  await takeHourly(`reset-from:${from}`, ASKS_PER_ADDRESS_PER_HOUR, "Too many password resets were asked for from your address.");
  const withinBudget = (await pastHourly(`reset-to:${email}`, MAILS_PER_EMAIL_PER_HOUR)) === 0;
  const user = await findAccount(email);
  // After the answer, on a later turn of the event loop: nothing of it delays the answer.
  if (user && withinBudget) setImmediate(() => void mailResetLink(user, client, now).catch((error: unknown) => log.error({ err: error }, "password reset link not written")));
  return { message: RESET_ASKED };
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;
const findAccount = (email: string) => db().user.findUnique({ where: { email }, include: withWorkspaces });

/** Writes an account's link (its hash) and the audit entry, then mails the link. */
async function mailResetLink(user: Account, client: Client, now: Date): Promise<void> {
  const origin = publicOrigin(client.origin);
  if (!origin) {
    log.warn("password reset link not sent: set NEXTAUTH_URL, the console's public URL, to build it");
    return;
  }
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + env.PASSWORD_RESET_LINK_SECONDS * 1000);
  await db().$transaction(async (tx) => {
    await tx.passwordReset.create({ data: { tokenHash: hash, userId: user.id, createdAt: now, expiresAt } });
    await recordAudit(tx, userAuditRecords(user, "user.password_reset_requested", client.address));
  });
  await sendMail(passwordResetMail(user.email, `${origin}/reset-password?token=${token}`, env.PASSWORD_RESET_LINK_SECONDS));
}

export type ResetLink = { outcome: "valid" | "used" | "expired" | "invalid" };

const refusals: Record<Exclude<ResetLink["outcome"], "valid">, string> = {
  used: "This link has been used already. Ask for a new one from the sign-in page (“Forgot password?”).",
  expired: "This link has expired. Ask for a new one from the sign-in page (“Forgot password?”).",
  invalid: "This link is not valid. Check that you opened the whole link from the mail, or ask for a new one.",
};

/** What a link is worth, before the form asks for a new password. */
export async function checkResetLink(token: string, now = new Date()): Promise<ResetLink> {
  const row = await db().passwordReset.findUnique({ where: { tokenHash: tokenHash(token) }, select: { usedAt: true, expiresAt: true } });
  if (!row) return { outcome: "invalid" };
  if (row.usedAt) return { outcome: "used" };
  if (row.expiresAt <= now) return { outcome: "expired" };
  return { outcome: "valid" };
}

/**
 * Sets the new password and ends every session of the user. A conditional update lets exactly one
 * of any number of concurrent uses of a link through; the user's other open links stop working too.
 */
export async function resetPassword(input: { token: string; password: string }, address: string | null | undefined, now = new Date()): Promise<{ reset: true }> {
  const hash = tokenHash(input.token);
  const link = await checkResetLink(input.token, now);
  if (link.outcome !== "valid") throw new AppError("invalid_body", refusals[link.outcome], { param: "token" });
  const { user } = await db().passwordReset.findUniqueOrThrow({ where: { tokenHash: hash }, select: { user: { include: withWorkspaces } } });
  await requireStrongPassword(input.password, [user.name, user.email]);
  const passwordHash = await hashPassword(input.password);
  await db().$transaction(async (tx) => {
    const { count } = await tx.passwordReset.updateMany({ where: { tokenHash: hash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (count === 0) throw new AppError("invalid_body", refusals.used, { param: "token" });
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await endSessions(user.id, null, tx);
    await recordAudit(tx, userAuditRecords(user, "user.password_reset", address));
  });
  void sendMail(passwordChangedMail(user.email, "reset"));
  return { reset: true };
}
