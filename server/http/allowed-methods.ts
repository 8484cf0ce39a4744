// The methods a path of the public APIs takes, from the registered operations (the coverage test
// holds them to the route files): the `Allow` header of every 405.
import "server-only";
import { operations } from "../openapi/operations";

const ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type Template = { path: string; pattern: RegExp; params: number; methods: Set<string> };

let templates: Template[] | undefined;

function compile(): Template[] {
  const byPath = new Map<string, Set<string>>();
  for (const op of operations) {
    const methods = byPath.get(op.path) ?? new Set<string>();
    methods.add(op.method.toUpperCase());
    byPath.set(op.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`),
    params: (path.match(/\{/g) ?? []).length,
    methods,
  }));
}

/** The methods of the route this path reaches, in a fixed order; empty when no route has it. */
export function allowedMethods(pathname: string): string[] {
  templates ??= compile();
  const matches = templates.filter((t) => t.pattern.test(pathname));
  // A literal segment wins over a parameter, as in the router (`/v1/snapshots/x` vs `/v1/{a}/x`).
  const fewest = Math.min(...matches.map((t) => t.params));
  const methods = new Set(matches.filter((t) => t.params === fewest).flatMap((t) => [...t.methods]));
  return ORDER.filter((m) => methods.has(m));
}

/** The route template this path reaches (`/v1/instances/{id}`), or "other": a label with few values. */
export function routeTemplate(pathname: string): string {
  templates ??= compile();
  const matches = templates.filter((t) => t.pattern.test(pathname));
  if (matches.length === 0) return "other";
  return matches.reduce((best, t) => (t.params < best.params ? t : best)).path;
}
