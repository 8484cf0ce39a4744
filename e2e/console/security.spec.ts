// The Security page: a failed and a successful sign-in show in the workspace's audit log with the
// client's address, beside the sign-up and the changes a member makes; long logs page with
// "Show more". Screenshots at desktop and phone width go to test-results/screenshots/.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A tRPC call with the page's session, as the console's own pages make it. */
async function trpc(page: Page, path: string, input?: unknown) {
  const response =
    input === undefined ? await page.request.get(`/api/trpc/${path}`) : await page.request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result.data.json;
}

const row = (page: Page, action: string) => page.getByTestId("audit-event").and(page.locator(`[data-action="${action}"]`));

test("a failed and a successful sign-in show with their address, newest first", async ({ page }) => {
  const person = { name: `Audit ${randomBytes(3).toString("hex")}`, email: `audit-${randomBytes(4).toString("hex")}@console.e2e.test`, password: "a-long-enough-password" };
  expect((await page.request.post("/api/trpc/account.signUp", { data: { json: person } })).status()).toBe(200);

  await page.goto("/sign-in");
  await signIn(page, person.email, "not-the-password");
  await expect(page.getByTestId("sign-in-form").getByRole("alert")).toHaveText("Wrong email or password.");
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/overview$/);

  const workspace = await trpc(page, "workspace.current");
  const { api_key } = await trpc(page, "apiKeys.create", { projectId: workspace.projects[0].id, name: "from the console", scope: "read" });

  await openPage(page, "Security", /\/security$/);
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  const events = page.getByTestId("audit-event");
  await expect(events).toHaveCount(4);
  expect(await events.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")))).toEqual([
    "api_key.create",
    "user.sign_in",
    "user.sign_in_failed",
    "user.sign_up",
  ]);
  for (const action of ["user.sign_in", "user.sign_in_failed"]) {
    await expect(row(page, action).getByTestId("audit-target")).toContainText(person.email);
    await expect(row(page, action).getByTestId("audit-actor")).toContainText(person.email);
    await expect(row(page, action).getByTestId("audit-address")).toHaveText(/[0-9a-f]+[.:][0-9a-f.:]+/);
  }
  await expect(row(page, "user.sign_in_failed")).toContainText("Sign-in failed");
  await expect(row(page, "user.sign_in")).toContainText("Signed in");
  await expect(row(page, "api_key.create")).toContainText("API key created");
  // Named as people read them: the member's email, the key's name and what it was made with; no raw ids.
  await expect(row(page, "api_key.create").getByTestId("audit-actor")).toContainText(person.email);
  await expect(row(page, "api_key.create").getByTestId("audit-target")).toContainText("from the console");
  await expect(row(page, "api_key.create").getByTestId("audit-target")).toContainText("scope: read");
  await expect(page.getByTestId("audit-event").getByText(/usr_|key_/)).toHaveCount(0);
  await expect(page.getByText(person.password)).toHaveCount(0);

  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/screenshots/security-log-${size}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page scrolls sideways at ${size} width`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(viewports.desktop);

  // Filters: by event, by who, by day.
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Event").selectOption({ label: "Sign-in failed" });
  await expect(events).toHaveCount(1);
  await expect(events.first()).toHaveAttribute("data-action", "user.sign_in_failed");
  await filters.getByLabel("Event").selectOption({ label: "Any event" });
  await filters.getByLabel("By").selectOption({ label: person.email });
  await expect(events).toHaveCount(4); // all of them: the member is this workspace's only actor
  await filters.getByLabel("By").selectOption({ label: "Anyone" });
  await filters.getByLabel("To (UTC day)").fill("2020-01-01");
  await expect(page.getByTestId("no-audit-events")).toBeVisible();
});

test("a long log shows a page at a time with Show more", async ({ page }) => {
  await signUp(page, "Audit paging");
  const workspace = await trpc(page, "workspace.current");
  for (let i = 0; i < 30; i++) await trpc(page, "apiKeys.create", { projectId: workspace.projects[0].id, name: `key ${i}`, scope: "read" });

  await openPage(page, "Security", /\/security$/);
  const events = page.getByTestId("audit-event");
  await expect(events).toHaveCount(25);
  await page.getByRole("button", { name: "Show more" }).click();
  // 30 keys, the sign-up, its email verification and the sign-in that followed.
  await expect(events).toHaveCount(33);
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await expect(events.last()).toHaveAttribute("data-action", "user.sign_up");
});
