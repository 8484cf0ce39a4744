// SSH keys of a project: added once (checked and fingerprinted), listed, read, deleted. The same
// key may be in several projects; twice in one project is a conflict.
import "server-only";
import { nameHolds } from "../../wire/search";
import { holdProject } from "../../projects/room";
import type { SshKey } from "@prisma/client";
import { changesOf } from "../../audit/changes";
import { projectChange, recordAudit } from "../../audit/service";
import { db } from "../../db";
import { isUniqueViolation } from "../../db-errors";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { findPage, type ListInput } from "../../wire/page";
import type { ProjectActor } from "../../actor";
import { parsePublicKey } from "./public-key";
import type { CreateSshKeyInput, SshKeyView } from "./schema";

export function sshKeyView(row: SshKey): SshKeyView {
  return { id: row.id, name: row.name, fingerprint: row.fingerprint, public_key: row.publicKey, created_at: row.createdAt.toISOString() };
}

// The message never repeats the id: a 404 says nothing about what another project holds.
const notFound = () => new AppError("not_found", "This project has no such SSH key.");

export async function createSshKey(actor: ProjectActor, input: CreateSshKeyInput) {
  const parsed = parsePublicKey(input.public_key);
  if (!parsed.ok) throw new AppError("invalid_body", parsed.message, { param: "public_key" });
  const { fingerprint, publicKey } = parsed.key;
  try {
    const row = await db().$transaction(async (tx) => {
      await holdProject(tx, actor.projectId);
      const created = await tx.sshKey.create({ data: { id: newId("ssh"), projectId: actor.projectId, name: input.name, publicKey, fingerprint } });
      const changes = changesOf(null, created, ["name", "fingerprint"]);
      await recordAudit(tx, projectChange(actor, "ssh_key.create", { type: "ssh_key", id: created.id, name: created.name }, changes));
      return created;
    });
    return { ssh_key: sshKeyView(row) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await db().sshKey.findFirst({ where: { projectId: actor.projectId, fingerprint }, select: { id: true } });
    throw new AppError("conflict", `This key (${fingerprint}) is already in this project${existing ? ` as ${existing.id}` : ""}.`, {
      param: "public_key",
    });
  }
}

export async function listSshKeys(actor: ProjectActor, page: ListInput & { q?: string }) {
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) =>
    db().sshKey.findMany({ where: { projectId: actor.projectId, ...nameHolds("name", page.q), ...cursorWhere }, ...args }),
  );
  return { ssh_keys: shown.map(sshKeyView), next_cursor };
}

export async function getSshKey(actor: ProjectActor, id: string) {
  const row = await db().sshKey.findFirst({ where: { id, projectId: actor.projectId } });
  if (!row) throw notFound();
  return { ssh_key: sshKeyView(row) };
}

/** Instances created with the key keep it; only new instances can no longer name it. */
export async function deleteSshKey(actor: ProjectActor, id: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const deleted = await tx.sshKey.findFirst({ where: { id, projectId: actor.projectId }, select: { name: true } });
    const { count } = await tx.sshKey.deleteMany({ where: { id, projectId: actor.projectId } });
    if (!deleted || count === 0) throw notFound();
    await recordAudit(tx, projectChange(actor, "ssh_key.delete", { type: "ssh_key", id, name: deleted.name }));
  });
}
