// The role walk: every console procedure called by an owner, an admin, a developer and a viewer
// of one workspace. A role the table (server/workspaces/roles.ts) does not allow is refused by
// name before anything runs; a role it allows is never refused for its role. Procedures are read
// from the router, so a new one fails here until the table says who may call it.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../accounts/service";
import { db } from "../db";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { procedureAccess, roleMayCall } from "../workspaces/roles";
import { ROLES, type Role } from "../workspaces/role-order";
import { appRouter, createCaller } from "./root";

let projectId: string;
const people = {} as Record<Role, string>;

beforeAll(async () => {
  await migrate();
  const tag = newId("req").slice(-8);
  const join = (role: Role) => signUp({ email: `roles-${role}-${tag}@trpc.test`, password: "a-long-enough-password", name: role }, { emailVerified: true });
  const owner = await join("owner");
  projectId = owner.projectId;
  people.owner = owner.userId;
  for (const role of ["admin", "developer", "viewer"] as const) {
    const account = await join(role);
    // Dated first: a call naming no session acts in the first workspace, this one.
    await db().membership.create({ data: { userId: account.userId, workspaceId: owner.workspaceId, role, createdAt: new Date(0) } });
    people[role] = account.userId;
  }
});

const procedures = Object.keys(appRouter._def.procedures as Record<string, unknown>);

async function call(role: Role, path: string, input: unknown): Promise<unknown> {
  const caller = createCaller({ userId: people[role], address: "192.0.2.10" });
  const fn = path.split(".").reduce<any>((node, step) => node[step], caller);
  const result = await fn(input);
  if (result && typeof result === "object" && Symbol.asyncIterator in result) {
    for await (const event of result as AsyncIterable<unknown>) return event;
  }
  return result;
}

/** The refusal of a role, or null when the call got past the role check (whatever came of it). */
async function roleRefusal(role: Role, path: string): Promise<string | null> {
  try {
    // Only the project: past the role check, most calls stop at their own input's check.
    await call(role, path, { projectId });
    return null;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "FORBIDDEN" && error.message.startsWith("Your role")) return error.message;
    return null;
  }
}

describe("who may call what", () => {
  it("every procedure is in the table, and the table names only procedures", () => {
    expect(procedures.filter((path) => !(path in procedureAccess))).toEqual([]);
    expect(Object.keys(procedureAccess).filter((path) => !procedures.includes(path))).toEqual([]);
  });

  it("says in words what each role is for", () => {
    const may = (role: Role, paths: string[]) => paths.map((path) => roleMayCall(path, role));
    expect(may("viewer", ["instances.list", "domains.records", "members.list", "billing.usage", "apiKeys.list", "apiKeys.create", "instances.create", "playground.start", "billing.transactions"])).toEqual([
      true, true, true, true, false, false, false, false, false,
    ]);
    expect(may("developer", ["apiKeys.create", "instances.create", "webhooks.create", "playground.start", "billing.transactions", "audit.list", "projects.create"])).toEqual([
      true, true, true, true, false, false, false,
    ]);
    expect(may("admin", ["billing.transactions", "audit.list", "projects.delete", "members.invite", "members.changeRole", "twoFactor.setWorkspaceRequirement"])).toEqual([
      true, true, true, false, false, false,
    ]);
    expect(procedures.every((path) => roleMayCall(path, "owner"))).toBe(true);
    expect(roleMayCall("billing.transactions", "member")).toBe(false);
  });

  // Leaving goes last: it takes the caller out of the workspace.
  const walk = [...procedures.filter((path) => path !== "members.leave"), "members.leave"];
  for (const role of ROLES) {
    for (const path of walk) {
      const allowed = roleMayCall(path, role);
      it(`${role} ${allowed ? "may" : "may not"} call ${path}`, async () => {
        const refusal = await roleRefusal(role, path);
        if (allowed) expect(refusal).toBeNull();
        else expect(refusal).toBe(`Your role (${role}) does not allow this. Ask an owner of the workspace.`);
      });
    }
  }
});
