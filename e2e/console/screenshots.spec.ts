// Every console page, signed in with some data, at desktop and phone width: each page renders its
// heading without an error, nothing overflows the viewport sideways, and a full-page screenshot is
// saved to test-results/screenshots/ for people to look at (never committed).
import { expect, test } from "@playwright/test";
import { consoleLinks } from "../../components/console/console-links";
import { signUp } from "../fixtures/console";

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const pages = [...consoleLinks, { href: "/projects", label: "Projects" }];

test("every console page at desktop and phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Screens");
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    for (const { href, label } of pages) {
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByText(/Could not load this/)).toHaveCount(0);
      await page.screenshot({ path: `test-results/screenshots/${href.slice(1)}-${size}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${label} at ${size} width scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});
