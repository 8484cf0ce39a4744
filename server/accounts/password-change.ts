// Changing one's password from the console: the current one first (a wrong one counts as a failed
// sign-in, so the form is no way around the sign-in limits), the new one as strong as at sign-up;
// every other session of the user ends, the one asking stays signed in.
import "server-only";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { sendMail } from "../mail/send-mail";
import { passwordChangedMail } from "./account-mail";
import { requireStrongPassword } from "./password-strength";
import { hashPassword, passwordMatches } from "./passwords";
import { endSessions } from "./sessions";
import { beginSignIn, signInSucceeded } from "./sign-in-limits";
import { userAuditRecords, withWorkspaces } from "./user-audit";

export type PasswordChange = { userId: string; sessionId: string | null; address: string | null | undefined };

export async function changePassword(who: PasswordChange, input: { currentPassword: string; newPassword: string }): Promise<{ changed: true }> {
  const user = await db().user.findUnique({ where: { id: who.userId }, include: withWorkspaces });
  if (!user) throw new AppError("not_found", "No such user.");
  const address = who.address ?? null;
  await beginSignIn(user.email, address);
  if (!(await passwordMatches(user.passwordHash, input.currentPassword))) {
    throw new AppError("invalid_body", "The current password is not right.", { param: "currentPassword" });
  }
  await signInSucceeded(user.email, address);
  await requireStrongPassword(input.newPassword, [user.name, user.email]).catch((error: unknown) => {
    throw error instanceof AppError ? new AppError(error.code, error.message, { param: "newPassword" }) : error;
  });
  const passwordHash = await hashPassword(input.newPassword);
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await endSessions(user.id, who.sessionId, tx);
    await recordAudit(tx, userAuditRecords(user, "user.password_change", address));
  });
  void sendMail(passwordChangedMail(user.email, "changed"));
  return { changed: true };
}
