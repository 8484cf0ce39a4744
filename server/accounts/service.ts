// Users and their workspaces: sign-up (user + workspace + default project; starter credits once
// the email is verified), credential checks for sign-in, and the operator's account commands.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { isUniqueViolation } from "../db-errors";
import { env } from "../env";
import { AppError } from "../errors";
import { newId } from "../ids";
import { toMicro } from "../billing/credits";
import { applyEntry } from "../billing/ledger";
import { takeRequest } from "../http/rate-limit";
import { grantStarterCredits } from "./email-verification";
import { requireStrongPassword } from "./password-strength";
import { decoyHash, hashPassword, passwordMatches } from "./passwords";
import { beginSignIn, signInAwaitsCode, signInSucceeded } from "./sign-in-limits";
import { endSessions, type SessionClient } from "./sessions";
import { hasTwoFactor, secondFactorChecked } from "./two-factor/service";
import { userAuditRecords } from "./user-audit";
import type { SignUpInput } from "./schema";

export type NewAccount = { userId: string; workspaceId: string; projectId: string };

export type SignUpOptions = {
  operator?: boolean;
  workspaceName?: string;
  /** The client's address (console sign-up). */
  address?: string | null;
  /** Who creates the account, when not the new user (the admin CLI). */
  by?: AuditActor;
  /** The operator vouches for the email: verified at once, starter credits included. */
  emailVerified?: boolean;
};

export async function signUp(input: SignUpInput, options: SignUpOptions = {}): Promise<NewAccount> {
  await requireStrongPassword(input.password, [input.name, input.email]);
  const passwordHash = await hashPassword(input.password);
  const userId = newId("usr");
  const workspaceId = newId("wsp");
  const projectId = newId("prj");
  try {
    await db().$transaction(async (tx) => {
      const emailVerifiedAt = options.emailVerified ? new Date() : null;
      await tx.user.create({ data: { id: userId, email: input.email, name: input.name, passwordHash, operator: options.operator ?? false, emailVerifiedAt } });
      await tx.workspace.create({ data: { id: workspaceId, name: options.workspaceName ?? `${input.name}'s workspace` } });
      await tx.membership.create({ data: { userId, workspaceId, role: "owner" } });
      await tx.project.create({ data: { id: projectId, workspaceId, name: "Default project" } });
      if (emailVerifiedAt) await grantStarterCredits(tx, workspaceId);
      const by = options.by ?? { type: "user", id: userId, address: options.address };
      await recordAudit(tx, { workspaceId, action: "user.sign_up", by, target: { type: "user", id: userId, name: input.email } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", "An account with this email already exists. Sign in instead.", { param: "email" });
    }
    throw error;
  }
  return { userId, workspaceId, projectId };
}

/** The password was right, and the user signs in with a second factor: ask for the code. */
export class SecondFactorRequired extends Error {
  constructor() {
    super("A code from the authenticator app is needed.");
    this.name = "SecondFactorRequired";
  }
}

/** `client` (where the sign-in came from) goes into the new session's row (sessions.ts). */
export type SignedInUser = { id: string; email: string; name: string; client: SessionClient };

/**
 * The user when email and password match; null otherwise. Failed attempts make the next ones
 * from the same address wait (sign-in-limits.ts); each checked attempt goes to the audit log of
 * every workspace of the user (an unknown email's to none). An attempt refused for a wait is not
 * recorded: the waits bound the writes. A user with two-factor sign-in needs `code` too (an
 * authenticator or recovery code): without it, a right password throws SecondFactorRequired.
 */
export async function checkCredentials(email: string, password: string, address: string | null, code?: string): Promise<SignedInUser | null> {
  await beginSignIn(email, address);
  const user = await db().user.findUnique({ where: { email }, include: { memberships: { select: { workspaceId: true } } } });
  if (!user) {
    await passwordMatches(await decoyHash(), password);
    await recordAudit(db(), { workspaceId: null, action: "user.sign_in_failed", by: { type: "user", id: null, address, name: email }, target: { type: "user", id: email, name: email } });
    return null;
  }
  let matches = await passwordMatches(user.passwordHash, password);
  if (matches && (await hasTwoFactor(user.id))) {
    if (!code) {
      // Not a failure (nothing was guessed), but no session either: the form asks for the code.
      await signInAwaitsCode(email, address);
      throw new SecondFactorRequired();
    }
    // A wrong code counts as a failed sign-in, as a wrong password does, and against the account's codes.
    matches = await secondFactorChecked(user.id, code);
  }
  const action = matches ? "user.sign_in" : "user.sign_in_failed";
  await recordAudit(db(), userAuditRecords(user, action, address));
  if (!matches) return null;
  await signInSucceeded(email, address);
  return { id: user.id, email: user.email, name: user.name, client: { address } };
}

/** A new password for a user (the admin CLI's set-password); it ends every session of the user. */
export async function setPassword(email: string, password: string): Promise<void> {
  await requireStrongPassword(password, [email]);
  const passwordHash = await hashPassword(password);
  const user = await db().user.update({ where: { email }, data: { passwordHash }, select: { id: true } }).catch(() => null);
  if (!user) throw new AppError("not_found", `No user ${quoted(email)}.`, { param: "email" });
  await endSessions(user.id);
}
