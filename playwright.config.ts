import { defineConfig } from "@playwright/test";
// The fixtures import server modules, and so their `server-only` marker (scripts/server-only.mjs).
import "./scripts/server-only.mjs";
import { findChromium } from "./scripts/chromium";

const port = Number(process.env.E2E_PORT ?? 3210);
// Only the specs that depend on the back end (scripts/test.ts): the console's ran on the embedded one.
const backEndOnly = process.env.TESTS_BACK_END_ONLY === "1";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    ...(backEndOnly
      ? []
      : [
          {
            name: "console",
            testDir: "e2e/console",
            use: {
              browserName: "chromium" as const,
              launchOptions: {
                // CHROMIUM_PATH, Playwright's own download, the system's Chromium or Chrome (scripts/chromium.ts).
                executablePath: findChromium(),
                args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
              },
            },
          },
        ]),
    // The real engines (Docker, PowerDNS, S3), each spec on a server of its own configured with
    // them; skipped unless `npm run engines -- up` ran here (CI's engines step: .ci/engines).
    { name: "engines", testDir: "e2e/engines", timeout: 240_000 },
    // After everything else: searches every recorded response and the server log for vendor names.
    { name: "leaks", testDir: "e2e/leaks", dependencies: backEndOnly ? ["api"] : ["api", "console"] },
  ],
});
