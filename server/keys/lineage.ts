// Keys that make keys: which key made which, the cap on a project's live keys, and revocation of a
// key together with every key below it, so that a leaked key cannot outlive its revocation through
// the keys it made. Creation and revocation in one project take turns on the project's row.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { Tx } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import type { ProjectActor } from "../actor";

/** The key acting over the API; null when a person (console) or the CLI acts. */
export function actingKeyOf(actor: ProjectActor): string | null {
  return actor.by?.type === "api_key" ? actor.by.id : null;
}

/** The key that creates a key over the API is its parent; a person (console) or the CLI makes roots. */
export const parentKeyOf = actingKeyOf;

/**
 * Serialises key creation and revocation within a project until the transaction ends: the count
 * below cannot race another creation, and a revocation sees every child made before it (a child
 * made after it finds its parent revoked). NO KEY UPDATE leaves other tables' inserts that
 * reference the project unblocked.
 */
async function holdProjectKeys(tx: Tx, projectId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`;
}

/**
 * Inside the creating transaction: the parent is still live, and the project has room for one more
 * key. Returns the new key's ancestors, the root first and the parent last.
 */
export async function checkRoomForKey(tx: Tx, projectId: string, parentKeyId: string | null): Promise<string[]> {
  await holdProjectKeys(tx, projectId);
  const parent = parentKeyId ? await tx.apiKey.findFirst({ where: { id: parentKeyId, revokedAt: null }, select: { ancestorIds: true } }) : null;
  if (parentKeyId && !parent) {
    throw new AppError("invalid_api_key", "The API key is not valid: it was revoked. Check it, or create a new one in the console.");
  }
  const cap = env.API_KEYS_PER_PROJECT;
  if ((await tx.apiKey.count({ where: { projectId, revokedAt: null } })) >= cap) {
    throw new AppError(
      "conflict",
      `This project already has ${cap} live API keys, the most it may hold. Revoke keys you no longer use, then create this one.`,
    );
  }
  return parent ? [...parent.ancestorIds, parentKeyId!] : [];
}

/**
 * Revokes the live key `id` of the project and every live key below it (children, their children,
 * ...) in one statement; returns their ids, `id` first, or none when `id` is not a live key there.
 */
export async function revokeLine(tx: Tx, projectId: string, id: string): Promise<string[]> {
  await holdProjectKeys(tx, projectId);
  // The walk goes through keys revoked earlier too: whatever they made is revoked with this line.
  const rows = await tx.$queryRaw<{ id: string; depth: number }[]>`
    WITH RECURSIVE line AS (
      SELECT id, 0 AS depth FROM api_keys WHERE id = ${id} AND project_id = ${projectId} AND revoked_at IS NULL
      UNION
      SELECT k.id, line.depth + 1 FROM api_keys k JOIN line ON k.parent_key_id = line.id WHERE k.project_id = ${projectId}
    )
    UPDATE api_keys SET revoked_at = now()
    FROM line WHERE api_keys.id = line.id AND api_keys.revoked_at IS NULL
    RETURNING api_keys.id, line.depth`;
  return rows.sort((a, b) => a.depth - b.depth || a.id.localeCompare(b.id)).map((row) => row.id);
}

/**
 * Over the API a key changes or revokes only itself and the keys below it (403 `forbidden` for any
 * other live key of the project, 404 for none); a person (console) or the CLI, any key of the project.
 */
export async function checkKeyRights(tx: Tx, actor: ProjectActor, id: string): Promise<void> {
  const target = await tx.apiKey.findFirst({ where: { id, projectId: actor.projectId, revokedAt: null }, select: { ancestorIds: true } });
  if (!target) throw new AppError("not_found", `No API key ${quoted(id)} in this project.`);
  const acting = actingKeyOf(actor);
  if (acting && acting !== id && !target.ancestorIds.includes(acting)) {
    throw new AppError(
      "forbidden",
      `This key may change or revoke only itself and the keys it made (and theirs); ${id} is not one of them. Use the console, or a key above it.`,
    );
  }
}
