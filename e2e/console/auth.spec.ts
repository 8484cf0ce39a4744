// The console's sign-up (with email verification), sign-in, sign-out and API keys, in a real
// browser against the real server and its mail.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { verificationLink, waitForMails } from "../fixtures/mailbox";

const PASSWORD = "a-long-enough-password";

function newPerson(label: string) {
  const tag = randomBytes(4).toString("hex");
  return { name: `Tester ${tag}`, email: `${label}-${tag}@console.e2e.test`, password: PASSWORD };
}

async function signUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

// The form's own alert (Next's route announcer is an alert too).
const signInAlert = (page: Page) => page.getByTestId("sign-in-form").getByRole("alert");

// An account made over tRPC (as the sign-up page does), for tests about signing in.
async function createAccount(page: Page, label: string) {
  const person = newPerson(label);
  const response = await page.request.post("/api/trpc/account.signUp", { data: { json: person } });
  expect(response.status()).toBe(200);
  return person;
}

test("sign-up lands on the dashboard; after sign-out the console redirects to sign-in", async ({ page }) => {
  const person = newPerson("signup");
  await signUp(page, person);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("workspace-name")).toHaveText(`${person.name}'s workspace`);
  await expect(page.getByTestId("workspace-balance")).toHaveText(/^[\d,]+\.\d\d credits$/);
  await expect(page.getByTestId("workspace-tier")).toHaveText("starter");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  for (const path of ["/overview", "/keys"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  }
});

test("starter credits come with the mailed link, once; the console asks for it until then and can send it again", async ({ page }) => {
  const person = newPerson("verify");
  await signUp(page, person);
  await expect(page).toHaveURL(/\/overview$/);
  const notice = page.getByTestId("verify-email-notice");
  await expect(notice).toContainText("Verify your email to get your starter credits");
  await expect(page.getByTestId("workspace-balance")).toHaveText("0.00 credits");

  const first = await verificationLink(person.email);
  await notice.getByRole("button", { name: "Send the link again" }).click();
  await expect(notice.getByRole("status")).toHaveText("Sent. Check your inbox, and the spam folder too.");
  const second = await verificationLink(person.email, 2);

  await page.goto(second);
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await expect(page.getByTestId("verify-email-result")).toContainText("Your email is verified and 5 starter credits were added to your workspace.");
  await page.getByRole("link", { name: "Open the console" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("workspace-balance")).toHaveText("5.00 credits");
  await expect(page.getByTestId("verify-email-notice")).toHaveCount(0);

  // The other link, or the same one again, grants nothing more.
  for (const link of [first, second]) {
    await page.goto(link);
    await expect(page.getByTestId("verify-email-result")).toHaveAttribute("data-outcome", "already_verified");
  }
  await page.goto("/overview");
  await expect(page.getByTestId("workspace-balance")).toHaveText("5.00 credits");

  await page.goto("/verify-email?token=not-a-token");
  await expect(page.getByTestId("verify-email-result")).toHaveAttribute("data-outcome", "invalid");
  await expect(page.getByTestId("verify-email-result").getByRole("alert")).toContainText("This link is not valid");
});

test("sign-up explains a short or guessable password, and answers a taken email as a new one", async ({ page }) => {
  const taken = await createAccount(page, "taken");
  await signUp(page, { ...newPerson("short"), password: "short-pw" });
  await expect(page.getByText("Use at least 12 characters.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/sign-up$/);

  await signUp(page, { ...newPerson("weak"), password: "passwordpassword" });
  await expect(page.getByText(/^This password is too easy to guess\. .*Add more words that are less common\./)).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/sign-up$/);

  // Not "this email is taken": the same answer as for a new email, and the owner is told by mail.
  await signUp(page, { ...newPerson("dup"), email: taken.email, password: "someone-elses-password" });
  await expect(page.getByTestId("sign-up-form").getByRole("status")).toHaveText(
    `We sent a message to ${taken.email}. If you already have an account with this email, sign in instead.`,
  );
  await expect(page).toHaveURL(/\/sign-up$/);
  const [attempt] = await waitForMails(taken.email, /^Someone tried to sign up/);
  expect(attempt.text).toContain("No new account was made and your password was not changed.");
});

test("sign-in refuses a wrong password and accepts the right one", async ({ page }) => {
  const person = await createAccount(page, "signin");
  await page.goto("/sign-in");
  await signIn(page, person.email, "not-the-password");
  await expect(signInAlert(page)).toHaveText("Wrong email or password.");
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, person.email.toUpperCase(), person.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("workspace-name")).toHaveText(`${person.name}'s workspace`);
});

test("too many sign-in attempts are refused with a clear message", async ({ page }) => {
  const person = await createAccount(page, "limited");
  await page.goto("/sign-in");
  const alert = signInAlert(page);
  // After SIGN_IN_ATTEMPTS failures in a row from this address, attempts wait (30 s at first in
  // the e2e server); stop as soon as the wait shows.
  for (let attempt = 0; attempt < 30; attempt++) {
    const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
    await signIn(page, person.email, `wrong-${attempt}`);
    await answered;
    await expect(alert).toBeVisible();
    if ((await alert.textContent())?.includes("Too many")) break;
  }
  await expect(alert).toHaveText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
  // Even the right password is refused while the wait holds.
  await signIn(page, person.email, person.password);
  await expect(alert).toContainText("Too many sign-in attempts");
  await expect(page).toHaveURL(/\/sign-in$/);
});
