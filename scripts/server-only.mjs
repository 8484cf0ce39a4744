// Lets plain Node run server modules outside Next: `npm start`, the admin CLI, the migrations and
// the seed, the benches, and the end-to-end tests that import them (vitest aliases the name in
// vitest.config.ts instead). Every server module starts with `import "server-only";`, a marker
// whose plain entry throws, so that a client bundle that pulls one in fails to build; Next's server
// bundles resolve it under the `react-server` condition to an empty module. This hook resolves that
// one name the same way and leaves every other import, React's included, as it was.
//   node --import tsx --import ./scripts/server-only.mjs scripts/start.ts
//   npx tsx --import ./scripts/server-only.mjs bench/reservations.ts
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}

// Loaded with --import (or by playwright.config.ts) on the main thread, it registers itself; Node
// then loads it again on its hooks thread, where it only answers `resolve`.
if (isMainThread) register(import.meta.url);
