// The console's sign-up, sign-in, sign-out and API keys, in a real browser against the real server.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";

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
  await expect(page.getByTestId("workspace-balance")).toHaveText(/^[\d,.]+ credits$/);
  await expect(page.getByTestId("workspace-tier")).toHaveText("starter");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  for (const path of ["/overview", "/keys"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  }
});

test("sign-up explains a duplicate email and a short password", async ({ page }) => {
  const taken = await createAccount(page, "taken");
  await signUp(page, { ...newPerson("short"), password: "short" });
  await expect(page.getByText("At least 8 characters.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/sign-up$/);

  await signUp(page, { ...newPerson("dup"), email: taken.email });
  await expect(page.getByText("An account with this email already exists")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
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
