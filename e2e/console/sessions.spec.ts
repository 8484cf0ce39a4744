// Console sessions in Chromium: "Sign out everywhere" on the Security page ends the same user's
// session in another browser; a session cookie lasts about 12 hours. Screenshots of the Sessions
// card at desktop and phone width go to test-results/screenshots/.
import { expect, test, type Page } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

test("Sign out everywhere ends this session and the one in another browser", async ({ page, browser }, testInfo) => {
  const user = await signUp(page, "Everywhere");
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const other = await elsewhere.newPage();
  await signIn(other, user.email, user.password);

  // The session cookie lasts about 12 hours, not 30 days.
  const session = (await page.context().cookies()).find((c) => c.name === "next-auth.session-token");
  const hoursLeft = ((session?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(11);
  expect(hoursLeft).toBeLessThan(13);

  await openPage(page, "Security", /\/security$/);
  const card = page.getByTestId("sessions");
  await expect(card).toContainText("12 hours");
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await card.getByRole("button", { name: "Sign out everywhere", exact: true }).click();
    await expect(card.getByRole("button", { name: "Yes, sign out everywhere" })).toBeFocused();
    await page.screenshot({ path: `test-results/screenshots/security-sessions-${size}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page scrolls sideways at ${size} width`).toBeLessThanOrEqual(0);
    await card.getByRole("button", { name: "Cancel" }).click();
  }
  // Cancelled: both sessions still work.
  await other.reload();
  await expect(other).toHaveURL(/\/overview$/);

  await card.getByRole("button", { name: "Sign out everywhere", exact: true }).click();
  await card.getByRole("button", { name: "Yes, sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await other.reload();
  await expect(other).toHaveURL(/\/sign-in$/);
  for (const p of [page, other]) {
    await p.goto("/keys");
    await expect(p).toHaveURL(/\/sign-in$/);
  }
  // Signing in again works.
  await signIn(other, user.email, user.password);
  await elsewhere.close();
});
