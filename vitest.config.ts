import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testGroups } from "./scripts/test-groups";

// The files that reach the database, Redis or the data folder, and the pure rest (scripts/test-groups.ts).
const groups = testGroups(["server", "scripts", "prisma", "components"]);

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // The marker every server module imports: empty here, as in Next's server bundles (scripts/server-only.mjs).
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    // One worker per core (vitest's default leaves one core to itself, which on 2 cores is half the machine idle).
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Each file in a process of its own, on a fresh copy of the run's migrated database.
        test: { name: "back-end", include: groups.backEnd, globalSetup: ["./test/unit-global-setup.ts"], setupFiles: ["./vitest.setup.ts"] },
      },
      {
        extends: true,
        // No database and no state of their own beyond their modules: several files to a process.
        test: { name: "pure", include: groups.pure, isolate: false },
      },
    ],
  },
});
