// The console's tRPC procedures read from the router's source files (root.ts and the routers it
// mounts), for specs that cannot load the router itself (the end-to-end runner has no Next
// runtime). server/trpc/procedure-files.test.ts holds this list to the router.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type ProcedureOnDisk = { path: string; type: "query" | "mutation" | "subscription" };

export function proceduresOnDisk(root = process.cwd()): ProcedureOnDisk[] {
  const dir = join(root, "server", "trpc");
  const rootSource = readFileSync(join(dir, "root.ts"), "utf8");
  const files = new Map([...rootSource.matchAll(/import \{ (\w+) \} from "\.\/routers\/([\w-]+)";/g)].map((m) => [m[1], m[2]]));
  const mounted = /router\(\{([\s\S]*?)\}\);/.exec(rootSource)![1];
  return [...mounted.matchAll(/^\s*(\w+): (\w+),/gm)].flatMap(([, name, routerName]) => {
    const source = readFileSync(join(dir, "routers", `${files.get(routerName)}.ts`), "utf8");
    const body = source.slice(source.indexOf("router({"));
    // Each procedure starts at two spaces of indentation: `  name: somethingProcedure...`.
    return body.split(/^(?=  \w+: )/m).slice(1).map((entry) => {
      const type = /\.(query|mutation|subscription)\(/.exec(entry)?.[1] as ProcedureOnDisk["type"] | undefined;
      const procedure = /^  (\w+): /.exec(entry)![1];
      if (!type) throw new Error(`server/trpc/routers/${files.get(routerName)}.ts: ${procedure} has no query, mutation or subscription`);
      return { path: `${name}.${procedure}`, type };
    });
  });
}
