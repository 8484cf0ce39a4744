// The Chromium the console tests drive, found by itself on a fresh machine: CHROMIUM_PATH, then
// Playwright's own download, then the system's Chromium, then Google Chrome. playwright.config.ts
// launches what it finds; `npm test` (scripts/test.ts) installs Playwright's when none is found
// and, when that cannot download, stops before any test with the one command that installs one.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const PLAYWRIGHT_INSTALL = "npx playwright install chromium";

/** What the search looks at; the tests give fake ones. */
export type Machine = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
  /** Where Playwright keeps its own Chromium (PLAYWRIGHT_BROWSERS_PATH or its cache), installed or not. */
  playwrightChromium: () => string | undefined;
};

const SYSTEM_PATHS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable", "/opt/google/chrome/chrome"],
  darwin: ["/Applications/Chromium.app/Contents/MacOS/Chromium", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
  win32: ["C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe", "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe"],
};

/** The command that installs a Chromium where Playwright's download is out of reach. */
export function systemInstallCommand(platform: NodeJS.Platform): string {
  if (platform === "linux") return "sudo apt-get install -y chromium";
  if (platform === "darwin") return "brew install --cask chromium";
  return "winget install Google.Chrome";
}

/** Every place looked at, in order. */
export function chromiumCandidates(machine: Machine): string[] {
  const own = machine.env.CHROMIUM_PATH;
  const playwright = machine.playwrightChromium();
  return [...(own ? [own] : []), ...(playwright ? [playwright] : []), ...(SYSTEM_PATHS[machine.platform] ?? [])];
}

/** The first Chromium that exists, or undefined. */
export function findChromium(machine: Machine = thisMachine()): string | undefined {
  return chromiumCandidates(machine).find((path) => machine.exists(path));
}

export type Installer = () => boolean;

/**
 * A Chromium for the console tests: the one found, else Playwright's once installed. Without one,
 * the message says the one command that installs one.
 */
export function ensureChromium(machine: Machine = thisMachine(), install: Installer = installPlaywrightChromium): { path: string } | { error: string } {
  const own = machine.env.CHROMIUM_PATH;
  const found = findChromium(machine);
  if (own && found !== own) console.warn(`CHROMIUM_PATH=${own} does not exist; looking elsewhere.`);
  if (found) return { path: found };
  console.log(`No Chromium found for the console tests; installing Playwright's (${PLAYWRIGHT_INSTALL})...`);
  const installed = install() ? findChromium(machine) : undefined;
  if (installed) return { path: installed };
  return {
    error:
      `The console tests need a Chromium: none found (CHROMIUM_PATH, Playwright's browsers, the system's Chromium or Chrome) ` +
      `and \`${PLAYWRIGHT_INSTALL}\` could not download one. Install one with:\n\n  ${systemInstallCommand(machine.platform)}\n\n` +
      `or set CHROMIUM_PATH to a Chromium or Chrome you have.`,
  };
}

function installPlaywrightChromium(): boolean {
  // A download that cannot reach Playwright's servers gives up in a few minutes at most.
  return spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit", timeout: 5 * 60_000 }).status === 0;
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function thisMachine(): Machine {
  return { env: process.env, platform: process.platform, exists: existsSync, playwrightChromium };
}
