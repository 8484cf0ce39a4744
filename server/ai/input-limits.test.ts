// Every named limit of input-limits.ts is in the README's "Limits" table (issue 38: each bound a
// named, documented limit).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as limits from "./input-limits";

describe("the input limits", () => {
  it("are each listed in the README's Limits table", () => {
    const readme = readFileSync("README.md", "utf8");
    const table = readme.slice(readme.indexOf("## Limits"), readme.indexOf("## Model families"));
    expect(table.length).toBeGreaterThan(100);
    for (const name of Object.keys(limits)) expect(table, name).toContain(`\`${name}\``);
  });
});
