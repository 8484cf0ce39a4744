// Each console page's weight, measured on demand (MEASURE=1; CI skips it): the JavaScript it loads
// (gzip, as served), the time from navigation to its content (heading shown, no skeleton left),
// and axe's serious and critical findings. Writes test-results/page-weight.json.
import { expect, test } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { consoleLinks } from "../../components/console/console-links";
import { axeFindings } from "../fixtures/axe";
import { signUp } from "../fixtures/console";

test.skip(!process.env.MEASURE, "measured on demand: MEASURE=1");

const gzipKb = (paths: string[]) =>
  Math.round(paths.reduce((sum, path) => sum + gzipSync(readFileSync(`.next${path.replace(/^\/_next/, "")}`)).length, 0) / 1024);

test("JS, time to content and axe findings per console page", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, "Weight");
  const rows: Record<string, unknown>[] = [];
  for (const { href } of [...consoleLinks, { href: "/projects" }]) {
    const started = Date.now();
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main [aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
    const toContent = Date.now() - started;
    await page.waitForLoadState("networkidle");
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith("/_next/static/") && path.endsWith(".js")),
    );
    const findings = await axeFindings(page, { tags: false });
    const count = (impact: string) => findings.filter((f) => f.impact === impact).length;
    rows.push({ page: href, jsKbGzip: gzipKb([...new Set(scripts)]), msToContent: toContent, axeSerious: count("serious"), axeCritical: count("critical"), axeRules: findings.map((f) => f.id).join(" ") });
  }
  writeFileSync("test-results/page-weight.json", JSON.stringify(rows, null, 2));
  console.table(rows);
  // The dark theme, for a person to look at.
  await page.emulateMedia({ colorScheme: "dark" });
  for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    for (const href of ["/billing", "/keys"]) {
      await page.goto(href);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `test-results/screenshots/dark${href.replace("/", "-")}-${size}.png`, fullPage: true });
    }
  }
});
