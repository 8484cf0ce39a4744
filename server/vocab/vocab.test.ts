// server/vocab holds the small vocabularies the server and the browser share (endpoints, products,
// tiers, instance states, DNS record and webhook event types, the control-character rule, the tRPC
// batch size), one home each. A client component may import them because they import nothing (but
// types of each other): no server module, and so no secret, can come along into a bundle. Every
// other server module is marked `import "server-only";`, and these never are.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = join(process.cwd(), "server", "vocab");
const modules = readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));

describe("server/vocab", () => {
  it.each(modules)("%s imports nothing and is not server-only", (name) => {
    const source = readFileSync(join(dir, name), "utf8");
    const imports = source.match(/^\s*(import\b|export\s+(type\s+)?(\*|\{[^}]*\})\s*from\s)[^;]*;/gm) ?? [];
    expect(imports.filter((line) => !/^\s*import type [^;]* from "\.\/[\w-]+";$/.test(line))).toEqual([]);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });
});
