// The unit files' two groups (scripts/test-groups.ts): a file that opens the database, one that
// reaches it only through what it imports, and one that names a back end's setting are back end;
// one that reaches none of them is pure; every file is in exactly one group.
import { describe, expect, it } from "vitest";
import { testGroups } from "./test-groups";

const FOLDERS = ["server", "scripts", "prisma", "components"];

describe("the unit files' groups", () => {
  const { backEnd, pure } = testGroups(FOLDERS);

  it("puts a file that reaches the database, directly or through its imports, with the back end", () => {
    expect(backEnd).toContain("server/data-dir.test.ts"); // imports server/db.ts
    expect(backEnd).toContain("server/billing/reservations.test.ts"); // through test/kits/workspaces.ts
    expect(backEnd).toContain("server/changes/channel.test.ts"); // reads the URLs of PostgreSQL and Redis
    expect(backEnd).toContain("scripts/admin.test.ts"); // starts processes of its own
  });

  it("keeps a file that reaches none of them pure", () => {
    expect(pure).toContain("server/ids.test.ts");
    expect(pure).toContain("server/vocab/quoted.test.ts");
    expect(pure).toContain("scripts/test-report.test.ts");
  });

  it("puts every test file in exactly one group", () => {
    expect(backEnd.filter((file) => pure.includes(file))).toEqual([]);
    expect(backEnd.length + pure.length).toBeGreaterThan(100);
    expect([...backEnd, ...pure].every((file) => file.endsWith(".test.ts"))).toBe(true);
  });
});
