import { describe, expect, it, vi } from "vitest";
import { ensureChromium, findChromium, PLAYWRIGHT_INSTALL, type Machine } from "./chromium";

const PLAYWRIGHTS = "/home/dev/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

function machine(present: string[], env: Record<string, string> = {}, platform: NodeJS.Platform = "linux"): Machine & { files: Set<string> } {
  const files = new Set(present);
  return { files, env, platform, exists: (path) => files.has(path), playwrightChromium: () => PLAYWRIGHTS };
}

describe("the console tests' Chromium", () => {
  it("CHROMIUM_PATH first, then Playwright's own, then the system's Chromium, then Chrome", () => {
    const all = ["/opt/mine/chrome", PLAYWRIGHTS, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
    expect(findChromium(machine(all, { CHROMIUM_PATH: "/opt/mine/chrome" }))).toBe("/opt/mine/chrome");
    expect(findChromium(machine(all.slice(1), { CHROMIUM_PATH: "/nowhere" }))).toBe(PLAYWRIGHTS);
    expect(findChromium(machine(all.slice(2)))).toBe("/usr/bin/chromium");
    expect(findChromium(machine(all.slice(3)))).toBe("/usr/bin/chromium-browser");
    expect(findChromium(machine(all.slice(4)))).toBe("/usr/bin/google-chrome");
    expect(findChromium(machine(["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"], {}, "darwin"))).toBe("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome");
    expect(findChromium(machine([]))).toBeUndefined();
  });

  it("a Chromium found is used without installing one", () => {
    const install = vi.fn(() => true);
    expect(ensureChromium(machine(["/usr/bin/chromium"]), install)).toEqual({ path: "/usr/bin/chromium" });
    expect(install).not.toHaveBeenCalled();
  });

  it("none found: Playwright's is installed and used", () => {
    const fresh = machine([], { CHROMIUM_PATH: "/nowhere" });
    const install = vi.fn(() => (fresh.files.add(PLAYWRIGHTS), true));
    expect(ensureChromium(fresh, install)).toEqual({ path: PLAYWRIGHTS });
    expect(install).toHaveBeenCalledOnce();
  });

  it("none found and no download: the one command that installs one", () => {
    const result = ensureChromium(machine([], { CHROMIUM_PATH: "/nowhere" }), () => false);
    expect("error" in result && result.error).toContain("sudo apt-get install -y chromium");
    expect("error" in result && result.error).toContain(PLAYWRIGHT_INSTALL);
    const mac = ensureChromium(machine([], {}, "darwin"), () => false);
    expect("error" in mac && mac.error).toContain("brew install --cask chromium");
  });
});
