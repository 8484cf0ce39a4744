// Keys that make keys, on the real database: the parent is recorded, revocation goes down the whole
// line in one transaction, the live-key cap holds under concurrent creations, and a key made while
// its parent is being revoked never outlives it.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db";
import { env } from "../env";
import { migrate } from "../migrations";
import { newWorkspace } from "../../test/kits/workspaces";
import { authenticateKey, createKey, revokeKey } from "./service";
import type { ProjectActor } from "../actor";

beforeAll(() => migrate());

type Made = { id: string; key: string };

async function project(): Promise<ProjectActor> {
  const { workspaceId, projectId } = await newWorkspace(0n);
  return { workspaceId, projectId, maxScope: "read_write", by: { type: "user", id: "usr_test" } };
}
/** The actor of a request made with `parent` (as the REST wrapper builds it). */
const asKey = (root: ProjectActor, parent: Made): ProjectActor => ({ ...root, by: { type: "api_key", id: parent.id } });
const make = async (actor: ProjectActor, name: string): Promise<Made> => {
  const { api_key, key } = await createKey(actor, { name, scope: "read_write" });
  return { id: api_key.id, key };
};

describe("lineage and revocation", () => {
  it("records the creating key as parent; a person's keys are roots", async () => {
    const root = await project();
    const first = await make(root, "first");
    const child = await make(asKey(root, first), "child");
    const rows = await db().apiKey.findMany({ where: { id: { in: [first.id, child.id] } }, select: { id: true, parentKeyId: true } });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.parentKeyId]))).toEqual({ [first.id]: null, [child.id]: first.id });
  });

  it("revokes the whole line below a key, and nothing above or beside it", async () => {
    const root = await project();
    const top = await make(root, "top");
    const child = await make(asKey(root, top), "child");
    const grandchildren = [await make(asKey(root, child), "g1"), await make(asKey(root, child), "g2")];
    const sibling = await make(asKey(root, top), "sibling");
    await revokeKey(root, child.id);
    for (const { key } of [child, ...grandchildren]) await expect(authenticateKey(key)).rejects.toMatchObject({ code: "invalid_api_key" });
    for (const { key } of [top, sibling]) await expect(authenticateKey(key)).resolves.toMatchObject({ projectId: root.projectId });
    const events = await db().auditEvent.findMany({ where: { workspaceId: root.workspaceId, action: "api_key.revoke" }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.target)).toEqual([child.id, ...grandchildren.map((g) => g.id).sort()]);
  });

  it("reaches keys below one revoked earlier", async () => {
    const root = await project();
    const top = await make(root, "top");
    const middle = await make(asKey(root, top), "middle");
    const bottom = await make(asKey(root, middle), "bottom");
    // Revoked outside revokeKey (data from before lineage was enforced): its child stayed live.
    await db().apiKey.update({ where: { id: middle.id }, data: { revokedAt: new Date() } });
    await revokeKey(root, top.id);
    await expect(authenticateKey(bottom.key)).rejects.toMatchObject({ code: "invalid_api_key" });
  });

  it("refuses a key from a revoked parent, even racing the revocation", async () => {
    const root = await project();
    for (let round = 0; round < 10; round++) {
      const parent = await make(root, `parent ${round}`);
      const [, made] = await Promise.allSettled([revokeKey(root, parent.id), make(asKey(root, parent), `child ${round}`)]);
      if (made.status === "fulfilled") await expect(authenticateKey(made.value.key)).rejects.toMatchObject({ code: "invalid_api_key" });
      else expect(made.reason).toMatchObject({ code: "invalid_api_key" });
    }
  });
});

describe("the cap on live keys", () => {
  it(`lets exactly ${env.API_KEYS_PER_PROJECT} live keys exist under concurrent creation, then 409 until one is revoked`, async () => {
    const root = await project();
    const cap = env.API_KEYS_PER_PROJECT;
    const results = await Promise.allSettled(Array.from({ length: cap + 10 }, (_, i) => make(root, `k${i}`)));
    const made = results.filter((r): r is PromiseFulfilledResult<Made> => r.status === "fulfilled").map((r) => r.value);
    expect(made).toHaveLength(cap);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const { reason } of refused) expect(reason).toMatchObject({ code: "conflict" });
    expect(refused[0].reason.message).toMatch(/Revoke keys you no longer use/);
    await revokeKey(root, made[0].id);
    await expect(make(root, "in its place")).resolves.toMatchObject({ id: expect.stringMatching(/^key_/) });
    await expect(make(root, "one more")).rejects.toMatchObject({ code: "conflict" });
  });
});
