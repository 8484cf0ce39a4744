// Passwords and sessions in Chromium: "Forgot password?" from sign-in to the mailed link to a new
// password to signing in with it; the Security page's session list ending the session of another
// browser; the password change keeping this browser signed in. Screenshots of the Security page's
// sessions and password cards go to test-results/screenshots/.
import { expect, test, type Page } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";
import { resetLink } from "../fixtures/mailbox";

const NEW_PASSWORD = "quiet-harbour-lantern-47";

// Each test signs up, signs in and hashes passwords several times (argon2 on purpose slow).
test.slow();

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("forgot password: the mailed link sets a new password, which then signs in", async ({ page }) => {
  const user = await signUp(page, "Forgot");
  // Off the console first: its next call, refused once the cookies are gone, would send the page
  // to /sign-in itself, cutting off the navigation below.
  await page.goto("about:blank");
  await page.context().clearCookies();

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("reset-asked")).toHaveText("If an account exists for that address, we sent a link to reset its password. Check your mail.");

  const link = await resetLink(user.email);
  await page.goto(link);
  await page.getByLabel("New password").fill("password1234");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText(/too easy to guess/)).toBeVisible();
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByTestId("password-reset-done")).toContainText("Your password is changed");
  await page.getByRole("link", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, user.email, user.password);
  await expect(page.getByTestId("sign-in-form").getByRole("alert")).toHaveText("Wrong email or password.");
  await signIn(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByTestId("reset-link")).toHaveAttribute("data-outcome", "used");
  await expect(page.getByTestId("reset-link")).toContainText("used already");
});

test("the Security page lists sessions and ends another browser's; a password change keeps this one", async ({ page, browser }, testInfo) => {
  const user = await signUp(page, "Sessions");
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" });
  const other = await elsewhere.newPage();
  await signIn(other, user.email, user.password);
  await expect(other).toHaveURL(/\/overview$/);

  await openPage(page, "Security", /\/security$/);
  const rows = page.getByTestId("session");
  await expect(rows).toHaveCount(2);
  const firefox = rows.filter({ hasText: "Firefox on Linux" });
  await expect(firefox).toHaveCount(1);
  await expect(page.locator('[data-testid="session"][data-current="true"]')).toContainText("This browser");
  await page.screenshot({ path: "test-results/screenshots/security-session-list.png", fullPage: true });

  await firefox.getByRole("button", { name: "End the session of Firefox on Linux" }).click();
  await firefox.getByRole("button", { name: "Yes, end it" }).click();
  await expect(rows.filter({ hasText: "Firefox on Linux" })).toHaveCount(0);
  await other.reload();
  await expect(other).toHaveURL(/\/sign-in$/);

  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not right.")).toBeVisible();
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(page).toHaveURL(/\/security$/);
  await elsewhere.close();
});
