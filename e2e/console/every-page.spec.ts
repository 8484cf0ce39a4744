// The pages beyond the console's own (those the accessibility and screenshots specs walk): the API
// reference, the signed-out pages and the console's "Page not found", at desktop and phone width,
// light and dark. None scrolls sideways at 390 px; axe finds nothing serious or critical.
import { expect, test, type Page } from "@playwright/test";
import { graveFindings } from "../fixtures/axe";
import { signUp } from "../fixtures/console";

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const signedOut = ["/sign-in", "/sign-up", "/forgot-password"];
const signedIn = ["/no-such-page", "/instances/ins_00000000000000000000000000/nothing-here"];

async function check(page: Page, href: string, what: string) {
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const name = href.slice(1).replace(/\//g, "_") || "root";
  // The reference is some 400,000 px long on a phone: its top and its first table, not the whole.
  const long = await page.evaluate(() => document.documentElement.scrollHeight > 20_000);
  await page.screenshot({ path: `test-results/screenshots/pages/${name}-${what}.png`, fullPage: !long });
  if (long) {
    await page.locator("[role=region]").nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/pages/${name}-${what}-table.png` });
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(sideways, `${href} at ${what} scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(await graveFindings(page), `${href} at ${what}`).toEqual([]);
}

// The reference is one long page: each width and theme is a test of its own (axe takes a while on it).
for (const colorScheme of ["light", "dark"] as const) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`the reference at ${size} width, ${colorScheme}: no sideways scroll, no serious axe finding`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      await check(page, "/docs", `${size}-${colorScheme}`);
    });
  }
}

test("the signed-out pages and Page not found: no sideways scroll, no serious axe finding", async ({ page }) => {
  test.setTimeout(300_000);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      for (const href of signedOut) await check(page, href, `${size}-${colorScheme}`);
    }
  }
  await signUp(page, "Pages");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      for (const href of signedIn) await check(page, href, `${size}-${colorScheme}`);
    }
  }
});

test("a missing page is said inside the console, with a 404 and the way back", async ({ page }) => {
  await signUp(page, "Missing");
  const answer = await page.goto("/no-such-page");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the overview" }).click();
  await expect(page).toHaveURL(/\/overview$/);
});
