// Users and their workspaces: sign-up (user + workspace with starter credits + default project),
// credential checks for sign-in, and the operator's account commands.
import { db } from "../db";
import { isUniqueViolation } from "../db-errors";
import { env } from "../env";
import { AppError } from "../errors";
import { newId } from "../ids";
import { toMicro } from "../billing/credits";
import { applyEntry } from "../billing/ledger";
import { takeRequest } from "../http/rate-limit";
import { decoyHash, hashPassword, passwordMatches } from "./passwords";
import type { SignUpInput } from "./schema";

const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export type NewAccount = { userId: string; workspaceId: string; projectId: string };

export async function signUp(input: SignUpInput, options: { operator?: boolean; workspaceName?: string } = {}): Promise<NewAccount> {
  const passwordHash = await hashPassword(input.password);
  const userId = newId("usr");
  const workspaceId = newId("wsp");
  const projectId = newId("prj");
  try {
    await db().$transaction(async (tx) => {
      await tx.user.create({ data: { id: userId, email: input.email, name: input.name, passwordHash, operator: options.operator ?? false } });
      await tx.workspace.create({ data: { id: workspaceId, name: options.workspaceName ?? `${input.name}'s workspace` } });
      await tx.membership.create({ data: { userId, workspaceId, role: "owner" } });
      await tx.project.create({ data: { id: projectId, workspaceId, name: "Default project" } });
      const starter = toMicro(env.STARTER_CREDITS);
      if (starter > 0n) await applyEntry(tx, { workspaceId, kind: "grant", amount: starter, description: "Starter credits" });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", "An account with this email already exists. Sign in instead.", { param: "email" });
    }
    throw error;
  }
  return { userId, workspaceId, projectId };
}

export type SignedInUser = { id: string; email: string; name: string };

/** The user when email and password match; null otherwise. Attempts are rate limited per email and address. */
export async function checkCredentials(email: string, password: string, address: string): Promise<SignedInUser | null> {
  await takeRequest("sign_in", `email:${email}`, env.SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_SECONDS);
  await takeRequest("sign_in", `addr:${address}`, env.SIGN_IN_ATTEMPTS * 5, SIGN_IN_WINDOW_SECONDS);
  const user = await db().user.findUnique({ where: { email } });
  if (!user) {
    await passwordMatches(await decoyHash(), password);
    return null;
  }
  if (!(await passwordMatches(user.passwordHash, password))) return null;
  return { id: user.id, email: user.email, name: user.name };
}

/** A new password for a user (the admin CLI's set-password). */
export async function setPassword(email: string, password: string): Promise<void> {
  const { count } = await db().user.updateMany({ where: { email }, data: { passwordHash: await hashPassword(password) } });
  if (count === 0) throw new AppError("not_found", `No user ${email}.`, { param: "email" });
}
