// The only module that writes a workspace balance.
import { db } from "../db";
import { AppError } from "../errors";

/** Adds credits to a workspace (operator grant or top-up). Returns the new balance in µcr. */
export async function grantCredits(workspaceId: string, micro: bigint): Promise<bigint> {
  if (micro <= 0n) throw new AppError("invalid_body", "A grant must be a positive amount.", { param: "credits" });
  const { count } = await db().workspace.updateMany({ where: { id: workspaceId }, data: { balance: { increment: micro } } });
  if (count === 0) throw new AppError("not_found", `No workspace ${workspaceId}.`);
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { balance: true } });
  return workspace.balance;
}
