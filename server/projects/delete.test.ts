// Deleting a project on the real database: only an empty one, never the last, never another
// workspace's, and deletions at once cannot leave a workspace without a project.
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../accounts/service";
import { createSshKey } from "../cloud/ssh-keys/service";
import { db } from "../db";
import { isForeignKeyViolation } from "../db-errors";
import { toAppError } from "../wire/handle-error";
import { newId } from "../ids";
import { createKey, revokeKey } from "../keys/service";
import { migrate } from "../migrations";
import { deleteProject } from "./delete";
import { createProject, memberProjectActor } from "./service";

const ED25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl delete";

beforeAll(() => migrate());

async function member() {
  const tag = newId("req").slice(-10).toLowerCase();
  const account = await signUp({ email: `delete-${tag}@projects.test`, password: "a-long-enough-password", name: "Delete" }, { emailVerified: true });
  return { userId: account.userId, workspaceId: account.workspaceId, defaultProject: account.projectId };
}

const exists = async (id: string) => (await db().project.count({ where: { id } })) === 1;

describe("deleting a project", () => {
  it("an empty project goes; its revoked keys with it", async () => {
    const user = await member();
    const { id } = await createProject(user, "Spare");
    const actor = await memberProjectActor(user, id);
    const key = (await createKey(actor, { name: "old", scope: "read" })).api_key.id;
    await revokeKey(actor, key);
    await deleteProject(user, id);
    expect(await exists(id)).toBe(false);
    expect(await db().apiKey.count({ where: { id: key } })).toBe(0);
    expect(await exists(user.defaultProject)).toBe(true);
  });

  it("a project that still holds things says what, and stays", async () => {
    const user = await member();
    const { id } = await createProject(user, "Busy");
    const actor = await memberProjectActor(user, id);
    await createKey(actor, { name: "live", scope: "read" });
    await createKey(actor, { name: "live 2", scope: "read" });
    await createSshKey(actor, { name: "laptop", public_key: ED25519 });
    await expect(deleteProject(user, id)).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("2 API keys and 1 SSH key") });
    expect(await exists(id)).toBe(true);
  });

  it("the workspace's last project stays", async () => {
    const user = await member();
    await expect(deleteProject(user, user.defaultProject)).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("only project") });
    expect(await exists(user.defaultProject)).toBe(true);
  });

  it("another workspace's project is not found, and stays", async () => {
    const [owner, stranger] = [await member(), await member()];
    const { id } = await createProject(owner, "Theirs");
    await expect(deleteProject(stranger, id)).rejects.toMatchObject({ code: "not_found" });
    expect(await exists(id)).toBe(true);
  });

  it("deleting every project at once leaves one", async () => {
    const user = await member();
    const made = await Promise.all(["B", "C", "D", "E", "F"].map((name) => createProject(user, name)));
    const all = [user.defaultProject, ...made.map((project) => project.id)];
    const outcomes = await Promise.allSettled(all.map((id) => deleteProject(user, id)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(all.length - 1);
    const { userId } = user;
    expect(await db().project.count({ where: { workspace: { memberships: { some: { userId } } } } })).toBe(1);
  });

  it("a row naming a project deleted meanwhile is refused as a conflict in words, not a 500", async () => {
    const user = await member();
    const { id } = await createProject(user, "Going");
    await deleteProject(user, id);
    const key = { id: newId("key"), workspaceId: user.workspaceId, projectId: id, name: "late", scope: "read", prefix: "sy_x", last4: "abcd", hash: newId("key") };
    const error = await db().apiKey.create({ data: key }).catch((e: unknown) => e);
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(toAppError(error)).toMatchObject({ code: "conflict", status: 409, message: expect.stringContaining("deleted while it ran") });
  });

  it("a creation while the project's deletion is under way waits for it, then is refused: nothing is left in a deleted project", async () => {
    const user = await member();
    const { id } = await createProject(user, "Deleting");
    const actor = await memberProjectActor(user, id);
    let creation: Promise<string> | undefined;
    // The deletion's own locks and statement (delete.ts), held open while an SSH key is created.
    await db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM projects WHERE id = ${id} FOR UPDATE`;
      await tx.project.delete({ where: { id } });
      creation = createSshKey(actor, { name: "late", public_key: ED25519 }).then(() => "created", (error: { code?: string }) => error.code ?? "failed");
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await creation).toBe("not_found");
    expect(await db().sshKey.count({ where: { projectId: id } })).toBe(0);
  });
});
