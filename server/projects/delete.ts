// Deleting a project: only an empty one, and never a workspace's last. "Empty" means nothing that
// runs, bills or answers under it: no active API key, no instance that is not deleted, no snapshot,
// SSH key, domain or webhook. Its history stays where it is (ledger, usage, generations and audit
// rows keep the project's id); its revoked keys go with it.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { projectChange, recordAudit } from "../audit/service";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { memberProjectActor, type Member } from "./service";

type Holding = { what: [one: string, many: string]; count: (tx: Tx, projectId: string) => Promise<number> };

const holdings: Holding[] = [
  { what: ["API key", "API keys"], count: (tx, projectId) => tx.apiKey.count({ where: { projectId, revokedAt: null } }) },
  { what: ["instance", "instances"], count: (tx, projectId) => tx.instance.count({ where: { projectId, status: { not: "deleted" } } }) },
  { what: ["snapshot", "snapshots"], count: (tx, projectId) => tx.snapshot.count({ where: { projectId } }) },
  { what: ["SSH key", "SSH keys"], count: (tx, projectId) => tx.sshKey.count({ where: { projectId } }) },
  { what: ["domain", "domains"], count: (tx, projectId) => tx.domain.count({ where: { projectId } }) },
  { what: ["webhook", "webhooks"], count: (tx, projectId) => tx.webhook.count({ where: { projectId } }) },
];

/** What still holds the project, in words ("2 API keys and 1 instance"), or null when it is empty. */
async function stillHeld(tx: Tx, projectId: string): Promise<string | null> {
  const counts = await Promise.all(holdings.map((holding) => holding.count(tx, projectId)));
  const held = holdings.flatMap((holding, i) => (counts[i] ? [`${counts[i]} ${holding.what[counts[i] === 1 ? 0 : 1]}`] : []));
  if (!held.length) return null;
  return held.length === 1 ? held[0] : `${held.slice(0, -1).join(", ")} and ${held.at(-1)}`;
}

export async function deleteProject(member: Member, projectId: string): Promise<void> {
  const actor = await memberProjectActor(member, projectId);
  await db().$transaction(async (tx) => {
    // The workspace's row, then the project's: two deletions at once cannot leave the workspace
    // with no project, and a creation that references the project waits for the outcome.
    await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${actor.workspaceId} FOR NO KEY UPDATE`;
    const [locked] = await tx.$queryRaw<{ id: string; name: string }[]>`SELECT id, name FROM projects WHERE id = ${actor.projectId} FOR UPDATE`;
    if (!locked) throw new AppError("not_found", `No project ${quoted(projectId)} in your workspace.`);
    if ((await tx.project.count({ where: { workspaceId: actor.workspaceId } })) <= 1) {
      throw new AppError("conflict", "This is the workspace's only project; a workspace keeps at least one. Create another before deleting this one.");
    }
    const held = await stillHeld(tx, actor.projectId);
    if (held) throw new AppError("conflict", `This project still has ${held}. Delete or revoke them first, then delete the project.`);
    await tx.project.delete({ where: { id: actor.projectId } });
    await recordAudit(tx, projectChange(actor, "project.delete", { type: "project", id: locked.id, name: locked.name }, { name: [locked.name, null] }));
  });
}
