// The README's settings tables and server/env.ts name the same variables: a setting added without
// a row, or a row left behind by a setting removed, fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

/** The keys of the schema in server/env.ts (one a line, two spaces in). */
function settingsRead(): string[] {
  return [...read("server/env.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
}

/** The variables the first column of the README's settings tables (headed `variable`) names. */
function settingsDocumented(): string[] {
  const names: string[] = [];
  let inTable = false;
  for (const line of read("README.md").split("\n")) {
    if (!line.startsWith("|")) inTable = false;
    else if (/^\| variable \|/.test(line)) inTable = true;
    else if (inTable) names.push(...[...line.split(/(?<!\\)\|/)[1].matchAll(/`([A-Z][A-Z0-9_]+)[`=]/g)].map((m) => m[1]));
  }
  return names;
}

describe("the README's settings", () => {
  it("document every setting server/env.ts reads", () => {
    const documented = new Set(settingsDocumented());
    expect(settingsRead().length).toBeGreaterThan(40);
    expect(settingsRead().filter((name) => !documented.has(name))).toEqual([]);
  });

  it("name only settings server/env.ts reads", () => {
    const read = new Set(settingsRead());
    expect(settingsDocumented().filter((name) => !read.has(name))).toEqual([]);
  });
});
