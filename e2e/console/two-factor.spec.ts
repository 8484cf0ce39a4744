// Two-factor sign-in in a real browser: set up from the Security page (the key read off the page,
// codes made by otplib as an authenticator app makes them), the recovery codes shown once, sign
// out, sign in with a code; a workspace requiring it holds a member without it at the set-up.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { graveFindings } from "../fixtures/axe";

const PASSWORD = "a-long-enough-password";
/** No serious or critical axe finding in what the page shows now (the set-up's states are not on the accessibility spec's pages). */
async function noGraveFindings(page: Page, what: string) {
  expect(await graveFindings(page), what).toEqual([]);
}

// Turned on with the current step's code, then used with the next step's: always newer than the
// one taken (no replay), and within the one step of tolerance however long the page takes. (The
// step before, used earlier, was two steps old whenever a step ended while the page was checking it.)
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function signUp(page: Page) {
  const person = { name: "Two Factor", email: `totp-${randomBytes(4).toString("hex")}@console.e2e.test` };
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  return person;
}

test("set up with the key shown, recovery codes shown once, then sign-in asks for the code", async ({ page }) => {
  const person = await signUp(page);
  await page.goto("/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code of the authenticator key" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await noGraveFindings(page, "the set-up");
  await page.getByRole("form", { name: "Confirm two-factor sign-in" }).getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Code from the app").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  const recovery = (await page.getByTestId("recovery-code").first().textContent()) ?? "";
  expect(recovery).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await noGraveFindings(page, "the recovery codes");
  await page.getByRole("button", { name: "I have stored them" }).click();
  await expect(page.getByTestId("two-factor-on")).toContainText("10 recovery codes left");
  await noGraveFindings(page, "two-factor sign-in on");

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const step = page.getByTestId("two-factor-step");
  await step.getByLabel("Authentication code").fill("000000" === (await codeAt(secret)) ? "111111" : "000000");
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(step.getByRole("alert")).toContainText("Wrong or already used code");
  await step.getByLabel("Authentication code").fill(await codeAt(secret, 1));
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

test("a workspace requiring it sends a member without it to the set-up", async ({ page }) => {
  await signUp(page);
  await page.goto("/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
  await page.getByRole("form", { name: "Confirm two-factor sign-in" }).getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Code from the app").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("button", { name: "I have stored them" }).click();
  await page.getByRole("button", { name: "Require it of every member" }).click();
  await expect(page.getByText("Every member of this workspace must sign in with two-factor sign-in.")).toBeVisible();

  // Turned off again, the member is held at the set-up until it is back on.
  const off = page.getByRole("form", { name: "Turn off two-factor sign-in" });
  await off.getByLabel("Password").fill(PASSWORD);
  await off.getByLabel("Code or recovery code").fill(await codeAt(secret, 1));
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByTestId("two-factor-off")).toBeVisible();
  await page.goto("/keys");
  await expect(page).toHaveURL(/\/security\?two_factor=set_up$/);
  await expect(page.getByText("This workspace requires two-factor sign-in. Turn it on to use the console.")).toBeVisible();
});
