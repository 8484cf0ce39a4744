// Finds every public route by reading the route files under app/ (the AI API's and the cloud
// API's; not the catch-all 404s), the way e2e/fixtures/routes.ts does: each
// `export const VERB = withApiKey(handler, { scope })` or `= withoutKey(handler)` is one route.
// The coverage test holds the OpenAPI document to this list.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Scope } from "../../server/actor";

export type RouteOnDisk = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As in the OpenAPI document: `[id]` becomes `{id}`. */
  path: string;
  /** The scope passed to withApiKey; null for withoutKey. */
  scope: Scope | null;
  bucket: string;
  file: string;
};

export const PUBLIC_ROUTE_ROOTS = ["app/v1", "app/api/public/v1"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith("[...") || name.startsWith("[[...") ? [] : routeFiles(path);
    return name === "route.ts" ? [path] : [];
  });
}

function urlPath(app: string, file: string): string {
  const segments = relative(app, file).split(sep).slice(0, -1);
  return "/" + segments.filter((segment) => !/^\(.*\)$/.test(segment)).map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
}

/** The routes one file serves; anything that does not follow rule 4's shape is an error. */
export function routesOf(source: string, path: string, file: string): RouteOnDisk[] {
  const exports = source.split(/(?=^export )/m).filter((part) => part.startsWith("export "));
  return exports.flatMap((part): RouteOnDisk[] => {
    if (/^export const \{[^}]*\} = (?:\w+\.)?methodNotAllowed;/.test(part)) return [];
    const head = /^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b(?: = (withApiKey|withoutKey)\()?/.exec(part);
    if (!head) {
      if (/^export (?:const|async function|function) (?:\{|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)/.test(part)) {
        throw new Error(`${file}: an HTTP method exported in an unknown shape: ${part.split("\n")[0]}`);
      }
      return []; // not a method (e.g. `export const dynamic`)
    }
    const method = head[1] as RouteOnDisk["method"];
    if (head[2] === "withoutKey") return [{ method, path, scope: null, bucket: "none", file }];
    if (head[2] !== "withApiKey") throw new Error(`${file}: ${method} is neither withApiKey(...) nor withoutKey(...)`);
    const scope = /scope: "(read|read_write)"/.exec(part);
    if (!scope) throw new Error(`${file}: ${method} uses withApiKey without a literal scope`);
    const bucket = /bucket: "(\w+)"/.exec(part)?.[1] ?? "api";
    return [{ method, path, scope: scope[1] as Scope, bucket, file }];
  });
}

export function publicRoutesOnDisk(root = process.cwd()): RouteOnDisk[] {
  const app = join(root, "app");
  return PUBLIC_ROUTE_ROOTS.flatMap((dir) =>
    routeFiles(join(root, dir)).flatMap((file) => routesOf(readFileSync(file, "utf8"), urlPath(app, file), relative(root, file))),
  );
}
