// A workspace that requires two-factor sign-in holds a member without it at the set-up: the
// console's procedures are refused (FORBIDDEN, saying why) except those the set-up needs, until
// the member turns it on.
import { TRPCError } from "@trpc/server";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../accounts/service";
import { db } from "../db";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { createCaller } from "../trpc/root";

beforeAll(() => migrate());

const account = () => signUp({ email: `require-${newId("req").slice(-10).toLowerCase()}@two-factor.test`, password: "a-long-enough-password", name: "R" });

describe("a workspace requiring two-factor sign-in", () => {
  it("a member may require it only with it turned on for themselves; the change is audited", async () => {
    const { userId, workspaceId } = await account();
    const caller = createCaller({ userId });
    await expect(caller.twoFactor.setWorkspaceRequirement({ required: true })).rejects.toMatchObject({ code: "CONFLICT" });
    const { secret } = await caller.twoFactor.start();
    await caller.twoFactor.confirm({ password: "a-long-enough-password", code: await generate({ secret }) });
    await expect(caller.twoFactor.setWorkspaceRequirement({ required: true })).resolves.toEqual({ requireTwoFactor: true });
    expect(await db().auditEvent.count({ where: { workspaceId, action: "workspace.require_two_factor" } })).toBe(1);
    expect(await db().auditEvent.count({ where: { workspaceId, action: "user.two_factor_enable" } })).toBe(1);
    await expect(caller.instances.catalog()).resolves.toHaveProperty("plans");
  });

  it("holds a member without it at the set-up until they turn it on", async () => {
    const { userId, workspaceId } = await account();
    await db().workspace.update({ where: { id: workspaceId }, data: { requireTwoFactor: true } });
    const caller = createCaller({ userId });
    const refused = await caller.instances.catalog().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/requires two-factor sign-in/) });
    expect(await caller.workspace.current()).toMatchObject({ requireTwoFactor: true, mustSetUpTwoFactor: true });
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: false, setUpRequired: true });
    const { secret } = await caller.twoFactor.start();
    await caller.twoFactor.confirm({ password: "a-long-enough-password", code: await generate({ secret }) });
    expect(await caller.workspace.current()).toMatchObject({ mustSetUpTwoFactor: false });
    await expect(caller.instances.catalog()).resolves.toHaveProperty("plans");
  });
});
