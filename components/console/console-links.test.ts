import { describe, expect, it } from "vitest";
import { roleAllows, ROLES } from "@/server/workspaces/role-order";
import { consoleLinks, linkOf } from "./console-links";

const pagesOf = (role: string) => consoleLinks.filter((link) => roleAllows(role, link.least)).map((link) => link.label);

describe("the console's pages by role", () => {
  it("gives a viewer the read-only pages only", () => {
    expect(pagesOf("viewer")).toEqual(["Overview", "Usage", "Activity", "Instances", "SSH keys", "Domains", "Webhooks", "Members", "Security"]);
  });

  it("adds API keys and the playground for a developer, billing for an admin", () => {
    expect(pagesOf("developer").filter((label) => !pagesOf("viewer").includes(label))).toEqual(["Playground", "API keys"]);
    expect(pagesOf("admin").filter((label) => !pagesOf("developer").includes(label))).toEqual(["Billing"]);
    expect(pagesOf("owner")).toEqual(consoleLinks.map((link) => link.label));
  });

  it("gives an unknown role no page", () => {
    expect(pagesOf("member")).toEqual([]);
    expect(ROLES).toContain("viewer");
  });

  it("finds a page's link from its own path or a path under it", () => {
    expect(linkOf("/billing")?.label).toBe("Billing");
    expect(linkOf("/instances/ins_0123456789")?.label).toBe("Instances");
    expect(linkOf("/keysmith")).toBeUndefined();
    expect(linkOf("/projects")).toBeUndefined();
  });
});
