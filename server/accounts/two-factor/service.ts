// Two-factor sign-in of a user: setting up an authenticator (a secret shown once as a QR code and
// in text, then confirmed with the password and a code from it; every other session then ends and
// the owner is mailed, so a stolen session cookie alone can neither turn it on nor keep going),
// ten single-use recovery codes (shown once, kept as HMACs), turning it off, and the check of a
// second factor (wrong codes counted per account, sign-in-limits.ts). The secret is stored sealed.
import "server-only";
import type { AuditActor } from "../../actor";
import type { AuditAction } from "../../audit/schema";
import { recordAudit } from "../../audit/service";
import { userAuditRecords, withWorkspaces } from "../user-audit";
import { db, type Tx } from "../../db";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { sealer } from "../../sealed";
import { sendMail } from "../../mail/send-mail";
import { twoFactorEnabledMail } from "../account-mail";
import { passwordMatches } from "../passwords";
import { endSessions } from "../sessions";
import { beginCodeCheck, beginSignIn, codeAccepted, signInSucceeded } from "../sign-in-limits";
import { authenticatorLink, authenticatorStep, codeKind, hashRecoveryCode, newAuthenticatorSecret, newRecoveryCodes } from "./codes";

const secrets = sealer("authenticator secrets", "authenticator secret");

export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const [factor, recoveryCodesLeft] = await Promise.all([
    db().twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    db().recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabled: Boolean(factor?.enabledAt), recoveryCodesLeft };
}

/** A new authenticator secret for the user, pending until confirmed; replaces one not confirmed. */
export async function startTwoFactor(userId: string) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, twoFactor: { select: { enabledAt: true } } } });
  if (user.twoFactor?.enabledAt) throw new AppError("conflict", "Two-factor sign-in is already on. Turn it off first to use another authenticator.");
  const secret = newAuthenticatorSecret();
  const sealed = secrets.seal(secret);
  await db().twoFactor.upsert({ where: { userId }, create: { userId, secret: sealed }, update: { secret: sealed, lastStep: null } });
  return { secret, ...(await authenticatorLink(secret, user.email)) };
}

/** The console session asking, which stays signed in when the others end. */
export type TwoFactorActor = AuditActor & { sessionId?: string | null };

/** The password, checked as a sign-in attempt (a session is no way around the limits); a wrong one is a 400 naming it. */
async function requirePassword(userId: string, password: string, address: string | null) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true, email: true } });
  await beginSignIn(user.email, address);
  // Not invalid_credentials: its 401 would send the console to sign-in.
  if (!(await passwordMatches(user.passwordHash, password))) throw new AppError("invalid_body", "The password is wrong.", { param: "password" });
  return user;
}

/**
 * Turns two-factor sign-in on with the password and a code from the new authenticator; the
 * recovery codes, once. Every other session of the user ends (one opened before may not be the
 * owner's), and the owner is mailed.
 */
export async function confirmTwoFactor(userId: string, input: { password: string; code: string }, by: TwoFactorActor): Promise<{ recoveryCodes: string[] }> {
  const pending = await db().twoFactor.findUnique({ where: { userId } });
  if (!pending || pending.enabledAt) throw new AppError("conflict", pending ? "Two-factor sign-in is already on." : "Start setting up two-factor sign-in first.");
  const address = by.address ?? null;
  const user = await requirePassword(userId, input.password, address);
  const step = await authenticatorStep(secrets.open(pending.secret), codeKind(input.code).code, null);
  if (step === null) throw wrongCode();
  await signInSucceeded(user.email, address);
  const recoveryCodes = await db().$transaction(async (tx) => {
    // Only the set-up this code was checked against: a second start in between must be confirmed anew.
    const { count } = await tx.twoFactor.updateMany({ where: { userId, secret: pending.secret, enabledAt: null }, data: { enabledAt: new Date(), lastStep: step } });
    if (count === 0) throw new AppError("conflict", "The set-up changed meanwhile. Start again.");
    const codes = await replaceRecoveryCodes(tx, userId);
    await endSessions(userId, by.sessionId ?? null, tx);
    await auditForUser(tx, userId, "user.two_factor_enable", by);
    return codes;
  });
  void sendMail(twoFactorEnabledMail(user.email));
  return { recoveryCodes };
}

/** A second factor of the user, counted per account (wrong codes past the limit wait, from any address). */
export async function secondFactorChecked(userId: string, typed: string): Promise<boolean> {
  await beginCodeCheck(userId);
  const matches = await secondFactorMatches(userId, typed);
  if (matches) await codeAccepted(userId);
  return matches;
}

/**
 * Turns it off: the password and a current code (or a recovery code) are both needed. Each try
 * counts as a sign-in attempt (sign-in-limits.ts), so a session is no way around the limits.
 */
export async function disableTwoFactor(userId: string, input: { password: string; code: string }, by: AuditActor): Promise<void> {
  const address = by.address ?? null;
  const user = await requirePassword(userId, input.password, address);
  if (!(await secondFactorChecked(userId, input.code))) throw wrongCode();
  await signInSucceeded(user.email, address);
  await db().$transaction(async (tx) => {
    await tx.twoFactor.deleteMany({ where: { userId } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await auditForUser(tx, userId, "user.two_factor_disable", by);
  });
}

/** Ten new recovery codes, shown once; the old ones stop working. Needs a current code (counted as a sign-in attempt). */
export async function regenerateRecoveryCodes(userId: string, code: string, by: AuditActor): Promise<{ recoveryCodes: string[] }> {
  const { email } = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  await beginSignIn(email, by.address ?? null);
  if (!(await secondFactorChecked(userId, code))) throw wrongCode();
  await signInSucceeded(email, by.address ?? null);
  return db().$transaction(async (tx) => {
    const recoveryCodes = await replaceRecoveryCodes(tx, userId);
    await auditForUser(tx, userId, "user.recovery_codes_regenerate", by);
    return { recoveryCodes };
  });
}

/** Turns it off without a code (the admin CLI, for an owner locked out by an authenticator not theirs). */
export async function resetTwoFactor(email: string, by: AuditActor): Promise<{ email: string; two_factor: "off" }> {
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new AppError("not_found", `No user ${email}.`, { param: "email" });
  await db().$transaction(async (tx) => {
    await tx.twoFactor.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await endSessions(user.id, null, tx);
    await auditForUser(tx, user.id, "user.two_factor_disable", by);
  });
  return { email, two_factor: "off" };
}

/**
 * Whether `typed` is a second factor of the user now: an authenticator code newer than the last
 * one accepted (which it then becomes), or an unused recovery code (which is then used up).
 * Each is taken by one conditional write, so two requests with the same code cannot both pass.
 */
export async function secondFactorMatches(userId: string, typed: string): Promise<boolean> {
  const factor = await db().twoFactor.findUnique({ where: { userId } });
  if (!factor?.enabledAt) return false;
  const { kind, code } = codeKind(typed);
  if (kind === "recovery") {
    const { count } = await db().recoveryCode.updateMany({ where: { userId, codeHash: hashRecoveryCode(code), usedAt: null }, data: { usedAt: new Date() } });
    return count === 1;
  }
  const step = await authenticatorStep(secrets.open(factor.secret), code, factor.lastStep);
  if (step === null) return false;
  const { count } = await db().twoFactor.updateMany({
    where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
    data: { lastStep: step },
  });
  return count === 1;
}

/** Whether the user must give a second factor to sign in. */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const factor = await db().twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } });
  return Boolean(factor?.enabledAt);
}

const wrongCode = () => new AppError("invalid_body", "The code is wrong or was already used. Enter the current code from your authenticator app.", { param: "code" });

async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ id: newId("rcv"), userId, codeHash: hashRecoveryCode(code) })) });
  return codes;
}

/** A user's own change goes to the log of each of their workspaces (as sign-ins do), naming the user. */
async function auditForUser(tx: Tx, userId: string, action: AuditAction, by: AuditActor): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, include: withWorkspaces });
  await recordAudit(tx, userAuditRecords(user, action, by.address));
}
