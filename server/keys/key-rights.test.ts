// Who may change or revoke which key: over the API a key only itself and the keys below it (403
// `forbidden` for its parent, siblings and console-made keys); the console and the CLI any key of
// the project.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { newWorkspace } from "../../test/kits/workspaces";
import { createKey, getKey, revokeKey, updateKey } from "./service";
import type { ProjectActor } from "../actor";

async function line() {
  const { workspaceId, projectId } = await newWorkspace(0n);
  const console: ProjectActor = { workspaceId, projectId, maxScope: "read_write", by: { type: "user", id: "usr_test" } };
  const asKey = (id: string): ProjectActor => ({ ...console, by: { type: "api_key", id } });
  const make = async (by: ProjectActor, name: string) => (await createKey(by, { name, scope: "read_write" })).api_key.id;
  const main = await make(console, "main");
  const other = await make(console, "other");
  const integration = await make(asKey(main), "integration");
  const sibling = await make(asKey(main), "sibling");
  const below = await make(asKey(integration), "below");
  return { console, asKey, main, other, integration, sibling, below };
}

const live = async (id: string) => (await db().apiKey.findUniqueOrThrow({ where: { id } })).revokedAt === null;

describe("key rights over the API", () => {
  it("a key may not change or revoke its parent, a sibling or a console-made key: 403 forbidden, nothing changed", async () => {
    const { console, asKey, main, other, integration, sibling } = await line();
    for (const target of [main, other, sibling]) {
      await expect(updateKey(asKey(integration), target, { monthly_credit_limit: 0 })).rejects.toMatchObject({ code: "forbidden" });
      await expect(updateKey(asKey(integration), target, { name: "taken" })).rejects.toMatchObject({ code: "forbidden" });
      await expect(revokeKey(asKey(integration), target)).rejects.toMatchObject({ code: "forbidden" });
      expect(await live(target)).toBe(true);
      expect((await getKey(console, target)).api_key).toMatchObject({ monthly_credit_limit: null });
    }
  });

  it("a key may change itself and every key below it, and revoke them", async () => {
    const { asKey, main, integration, below } = await line();
    expect((await updateKey(asKey(integration), integration, { name: "renamed" })).api_key.name).toBe("renamed");
    expect((await updateKey(asKey(main), below, { monthly_credit_limit: 1 })).api_key.monthly_credit_limit).toBe(1);
    await revokeKey(asKey(integration), below);
    expect(await live(below)).toBe(false);
    await revokeKey(asKey(integration), integration);
    expect(await live(integration)).toBe(false);
  });

  it("the console (and the CLI) may change and revoke any key of the project", async () => {
    const { console, main, integration } = await line();
    const cli: ProjectActor = { ...console, by: { type: "operator", id: "cli" } };
    expect((await updateKey(console, integration, { monthly_credit_limit: 0 })).api_key.monthly_credit_limit).toBe(0);
    await revokeKey(cli, main);
    expect(await live(main)).toBe(false);
    expect(await live(integration)).toBe(false);
  });

  it("an unknown key is still 404, before any rights are looked at", async () => {
    const { asKey, integration } = await line();
    await expect(updateKey(asKey(integration), "key_nope", { name: "x" })).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeKey(asKey(integration), "key_nope")).rejects.toMatchObject({ code: "not_found" });
  });
});
