// Accessibility: every console page at desktop and phone width, light and dark, has no serious or
// critical axe finding; a skip link leads past the header and navigation; focus moves to what
// appears (a new key's secret, a confirmation) and back after.
import { expect, test } from "@playwright/test";
import { consoleLinks } from "../../components/console/console-links";
import { call } from "../fixtures/api";
import { graveFindings } from "../fixtures/axe";
import { createApiKey, signUp } from "../fixtures/console";

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const pages = [...consoleLinks, { href: "/projects", label: "Projects" }];

// Each theme and width a test of its own, on an account of its own: four workers' worth of pages
// instead of one test walking all of them in turn (the run's longest test).
for (const colorScheme of ["light", "dark"] as const) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`every page at ${size} width, ${colorScheme}: no serious or critical axe finding`, async ({ page }) => {
      test.setTimeout(300_000);
      await signUp(page, "Axe");
      const key = await createApiKey(page, "axe key");
      await page.getByRole("button", { name: "I have stored it" }).click();
      // One generation, so that Usage draws its chart and Activity and the ledger have rows.
      const generated = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "Axe: say hello in five words." } });
      expect(generated.status, generated.text).toBe(200);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      for (const { href, label } of pages) {
        await page.goto(href);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("main [aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
        // Both themes saved for people to look at (the screenshots spec checks the layout, in light).
        await page.screenshot({ path: `test-results/screenshots/${colorScheme}/${href.slice(1)}-${size}.png`, fullPage: true });
        expect.soft(await graveFindings(page), `${label} at ${size} width, ${colorScheme}`).toEqual([]);
      }
    });
  }
}

test("a skip link leads to the content; focus goes to a new secret, a confirmation, and back", async ({ page }) => {
  await signUp(page, "Focus");
  await page.goto("/keys");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await page.getByLabel("Key name").fill("focus key");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("region", { name: "New API key" })).toBeFocused();
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByRole("region", { name: "New API key" })).toHaveCount(0);
  await expect(page.locator(":focus")).toHaveCount(1);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

  const row = page.getByTestId("api-key-row").filter({ hasText: "focus key" });
  await row.getByRole("button", { name: /^Revoke / }).click();
  await expect(row.getByRole("button", { name: "Confirm revoke" })).toBeFocused();
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByRole("button", { name: /^Revoke / })).toBeFocused();
});
