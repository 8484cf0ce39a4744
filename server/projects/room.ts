// How many of a thing its owner may hold: projects in a workspace, webhooks and domains in a
// project, records in a domain (each a setting). Checked inside the creating transaction with the
// owner's row held, so that concurrent creations cannot both take the last place; one more is
// 409 `conflict` naming the limit.
import "server-only";
import type { Tx } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { readOnlyRecordTypes } from "../vocab/dns-record-types";

type Room = {
  /** The owner's table, whose row is held while counting. */
  table: "workspaces" | "projects" | "domains";
  owner: string;
  cap: () => number;
  count: (tx: Tx, ownerId: string) => Promise<number>;
  remedy: string;
};

const rooms = {
  projects: {
    table: "workspaces",
    owner: "workspace",
    cap: () => env.PROJECTS_PER_WORKSPACE,
    count: (tx, workspaceId) => tx.project.count({ where: { workspaceId } }),
    remedy: "Use one of its projects, or ask the service's operator for more.",
  },
  webhooks: {
    table: "projects",
    owner: "project",
    cap: () => env.WEBHOOKS_PER_PROJECT,
    count: (tx, projectId) => tx.webhook.count({ where: { projectId } }),
    remedy: "Delete one you no longer use (an endpoint may subscribe to several events), then create this one.",
  },
  domains: {
    table: "projects",
    owner: "project",
    cap: () => env.DOMAINS_PER_PROJECT,
    count: (tx, projectId) => tx.domain.count({ where: { projectId } }),
    remedy: "Delete one you no longer use, then create this one.",
  },
  records: {
    table: "domains",
    owner: "domain",
    cap: () => env.RECORDS_PER_DOMAIN,
    // The NS and SOA records the service keeps take no room.
    count: (tx, domainId) => tx.dnsRecord.count({ where: { domainId, type: { notIn: [...readOnlyRecordTypes] } } }),
    remedy: "Delete one you no longer use, then create this one.",
  },
} satisfies Record<string, Room>;

export type RoomOf = keyof typeof rooms;

/** Inside the creating transaction: `ownerId` has room for one more `thing`, or 409 `conflict`. */
export async function checkRoom(tx: Tx, thing: RoomOf, ownerId: string): Promise<void> {
  const room: Room = rooms[thing];
  // NO KEY UPDATE: inserts elsewhere that reference the owner's row are not held up.
  const held = await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT id FROM ${room.table} WHERE id = $1 FOR NO KEY UPDATE`, ownerId);
  if (!held.length) throw goneMeanwhile(room.owner);
  const cap = room.cap();
  if ((await room.count(tx, ownerId)) >= cap) {
    throw new AppError("conflict", `This ${room.owner} already has ${cap} ${thing}, the most it may hold. ${room.remedy}`, { limit: cap });
  }
}

const goneMeanwhile = (owner: string) => new AppError("not_found", `This ${owner} was deleted meanwhile; nothing was created.`);

/**
 * Inside a creating transaction: holds the project's row until the transaction ends, so that a
 * deletion of the project (which takes it FOR UPDATE, server/projects/delete.ts) either waits and
 * then counts the new resource, or went first and the creation is refused. Without it, a creation
 * racing the deletion could leave a resource in a project that no longer exists.
 */
export async function holdProject(tx: Tx, projectId: string): Promise<void> {
  const held = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM projects WHERE id = ${projectId} FOR KEY SHARE`;
  if (!held.length) throw goneMeanwhile("project");
}
