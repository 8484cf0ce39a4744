// Dark mode: the console follows the system's preference until the member picks a theme in the
// header, then keeps the pick (localStorage); the theme is set before any bundle runs (no flash).
import { expect, test } from "@playwright/test";
import { signUp } from "../fixtures/console";

const pageBackground = (page: import("@playwright/test").Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("the theme follows the system, the toggle overrides it and is remembered, with no flash", async ({ page }) => {
  await signUp(page, "Theme");
  const html = page.locator("html");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/billing");
  await expect(html).toHaveClass(/\bdark\b/);
  const dark = await pageBackground(page);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await pageBackground(page)).not.toBe(dark);

  // The system switches while the page's scripts are still loading (the inline script has run, no
  // listener is there yet): once they run, the page follows the switch.
  await page.emulateMedia({ colorScheme: "dark" });
  let letScriptsGo = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (letScriptsGo = resolve));
  await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const loading = page.goto("/billing", { waitUntil: "commit" });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  letScriptsGo();
  await loading;
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.unroute(/\/_next\/static\/.*\.js$/);

  // Picked dark while the system is light: kept across a reload.
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await pageBackground(page)).toBe(dark);

  // Set before the first paint: with every script bundle refused, the page still opens dark.
  await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
  await page.goto("/billing");
  await expect(html).toHaveClass(/\bdark\b/);
  await page.unroute(/\/_next\/static\/.*\.js$/);

  // Back to light on a phone, from the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/billing");
  await page.getByRole("button", { name: /open the menu/ }).click();
  await page.getByRole("button", { name: "Dark theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  // The header's toggle, seen again on a wide screen, says the same as the menu's did.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});
