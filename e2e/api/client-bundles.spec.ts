// No server module reaches the browser: the built client bundles (.next/static, there whenever the
// end-to-end suites run) name none of the server's settings. A server module imported into a
// client component would bring server/env.ts, or a module reading it, and with it these names;
// `import "server-only";` in every server module makes such a build fail before it gets here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

// Every setting server/env.ts reads, but NEXTAUTH_URL, which next-auth's own browser code reads to
// find its routes. Names with an underscore only: a bare PORT could be any bundle's word.
const settings = [...readFileSync(join("server", "env.ts"), "utf8").matchAll(/^ {2}([A-Z][A-Z0-9]*_[A-Z0-9_]+):/gm)]
  .map((match) => match[1])
  .filter((name) => name !== "NEXTAUTH_URL");

test("the client bundles name no server setting (DATABASE_URL, KEY_HASH_SECRET, REDIS_URL...)", () => {
  expect(settings).toEqual(expect.arrayContaining(["DATABASE_URL", "KEY_HASH_SECRET", "REDIS_URL", "NEXTAUTH_SECRET", "SMTP_URL"]));
  const dir = join(".next", "static");
  const bundles = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
  expect(bundles.length, "a built app in .next").toBeGreaterThan(0);
  const pattern = new RegExp(`\\b(${settings.join("|")})\\b`);
  const found = bundles.flatMap((name) => {
    const hit = pattern.exec(readFileSync(join(dir, name), "utf8"));
    return hit ? [`${name}: ${hit[1]}`] : [];
  });
  expect(found).toEqual([]);
});
