// Members and roles in Chromium: an owner invites a developer and a viewer; each follows the
// mailed link, signs up or in with that address (coming back to the invitation), accepts, and the
// console shows exactly what the role allows (the navigation, the page guard's notice, the action
// buttons). A revoked invitation's link no longer works; the header's switcher moves a member of
// two workspaces between them. The owner's changes reach the member's next page load: a new role,
// a removal (their session in the workspace ends: sign-in). The last owner cannot leave, and says so.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { createApiKey, openPage, signUp } from "../fixtures/console";
import { inviteLink } from "../fixtures/mailbox";

// Three people sign up and in (argon2 on purpose slow), in three browsers.
test.slow();

const PASSWORD = "a-long-enough-password";
const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });

async function browserOf(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return context.newPage();
}

async function invite(owner: Page, email: string, role: "developer" | "viewer") {
  const form = owner.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByTestId("invite-sent")).toContainText(`a mail with the link is on its way to ${email}, to join as ${role}`);
  await expect(owner.getByTestId("invite-row").filter({ hasText: email })).toBeVisible();
}

/**
 * Every page the member's navigation offers (and Projects) opens without a load error and without
 * a call the service refuses (403, or 207 for a batch holding a refusal): the console hides what
 * the role may not do instead of asking and failing.
 */
async function openEveryOfferedPage(page: Page) {
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/trpc/") && [207, 403].includes(response.status())) refused.push(new URL(response.url()).pathname);
  });
  const hrefs = await nav(page).getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  for (const href of [...hrefs.filter((h) => h.startsWith("/") && h !== "/docs"), "/projects"]) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(/Could not load this/), href).toHaveCount(0);
    await expect(page.getByTestId("role-notice"), href).toHaveCount(0);
  }
  expect(refused).toEqual([]);
}

/** On the invitation's page, signed in: accept, and land on the overview of the joined workspace. */
async function accept(page: Page, workspace: string, role: string) {
  await expect(page.getByRole("heading", { name: `Join ${workspace}` })).toBeVisible();
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("workspace-switcher").locator("option:checked")).toHaveText(`${workspace} (${role})`);
  await expect(page.getByTestId("workspace-role")).toHaveText(role);
}

test("an owner invites a developer and a viewer, who see what their role allows; role changes and removals apply", async ({ page: owner, browser }, testInfo) => {
  const tag = randomBytes(4).toString("hex");
  const viewerEmail = `viewer-${tag}@members.e2e.test`;
  const developerEmail = `developer-${tag}@members.e2e.test`;

  const ownerUser = await signUp(owner, "Owner");
  const workspace = `${ownerUser.name}'s workspace`;
  await openPage(owner, "Members", /\/members$/);
  await expect(owner.getByTestId("member-row")).toHaveCount(1);
  await expect(owner.getByTestId("member-row")).toContainText(ownerUser.email);
  await expect(owner.getByTestId("member-row")).toContainText("You");
  await invite(owner, developerEmail, "developer");
  await invite(owner, viewerEmail, "viewer");
  // An invitation revoked: gone from the list, its link no longer works.
  const revokedEmail = `revoked-${tag}@members.e2e.test`;
  await invite(owner, revokedEmail, "viewer");
  await owner.getByRole("button", { name: `Revoke the invitation of ${revokedEmail}` }).click();
  await owner.getByRole("button", { name: "Confirm revoke" }).click();
  await expect(owner.getByTestId("invite-row")).toHaveCount(2);
  const stranger = await browserOf(browser, testInfo);
  await stranger.goto(await inviteLink(revokedEmail));
  await expect(stranger.getByTestId("invite")).toHaveAttribute("data-outcome", "gone");
  await expect(stranger.getByTestId("invite")).toContainText("not valid");

  // The viewer has no account: from the link to sign-up, back to the invitation, accepted.
  const viewer = await browserOf(browser, testInfo);
  const viewerLink = await inviteLink(viewerEmail);
  await viewer.goto(viewerLink);
  await expect(viewer.getByTestId("invite-summary")).toContainText(`invited ${viewerEmail} to join ${workspace} as viewer`);
  await viewer.getByRole("link", { name: `Create an account with ${viewerEmail}` }).click();
  await expect(viewer).toHaveURL(/\/sign-up\?callbackUrl=/);
  await viewer.getByLabel("Name").fill(`Viewer ${tag}`);
  await viewer.getByLabel("Email").fill(viewerEmail);
  await viewer.getByLabel("Password").fill(PASSWORD);
  await viewer.getByRole("button", { name: "Create account" }).click();
  await expect(viewer).toHaveURL(/\/invite\?token=/);
  await accept(viewer, workspace, "viewer");

  // What a viewer sees: no API keys, playground or billing; no buttons that change anything.
  await expect(nav(viewer).getByRole("link", { name: "Instances", exact: true })).toBeVisible();
  await openEveryOfferedPage(viewer);
  await expect(viewer.getByRole("button", { name: "Create project" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Rename/ })).toHaveCount(0);
  for (const hidden of ["API keys", "Playground", "Billing"]) await expect(nav(viewer).getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
  await openPage(viewer, "Instances", /\/instances$/);
  await expect(viewer.getByTestId("no-instances")).toBeVisible();
  await expect(viewer.getByRole("button", { name: /New instance|Create an instance/ })).toHaveCount(0);
  await openPage(viewer, "SSH keys", /\/ssh-keys$/);
  await expect(viewer.getByTestId("no-ssh-keys")).toBeVisible();
  await expect(viewer.getByRole("heading", { name: "Add an SSH key" })).toHaveCount(0);
  await viewer.goto("/billing");
  await expect(viewer.getByTestId("role-notice")).toContainText("Your role (viewer) does not give access to Billing.");
  await viewer.goto("/keys");
  await expect(viewer.getByTestId("role-notice")).toContainText("Your role (viewer) does not give access to API keys.");
  await openPage(viewer, "Members", /\/members$/);
  await expect(viewer.getByTestId("member-row")).toHaveCount(2);
  await expect(viewer.getByRole("heading", { name: "Invite a member" })).toHaveCount(0);
  await expect(viewer.getByTestId("member-role-choice")).toHaveCount(0);
  // The link worked once.
  await viewer.goto(viewerLink);
  await expect(viewer.getByTestId("invite")).toHaveAttribute("data-outcome", "gone");

  // The developer has an account already: from the link to sign-in, back to the invitation.
  const developer = await browserOf(browser, testInfo);
  const developerUser = await signUp(developer, "Developer");
  const developerLink = await inviteLink(developerEmail);
  await developer.goto(developerLink);
  // Signed in at another address: the service refuses, and the page says why.
  await developer.getByRole("button", { name: "Accept invitation" }).click();
  await expect(developer.getByTestId("invite").getByRole("alert")).toContainText(`This invitation is for ${developerEmail}`);
  await developer.context().clearCookies();
  await developer.goto(developerLink);
  await developer.getByRole("link", { name: "Create an account with" }).click();
  await developer.getByLabel("Name").fill(`Developer ${tag}`);
  await developer.getByLabel("Email").fill(developerEmail);
  await developer.getByLabel("Password").fill(PASSWORD);
  await developer.getByRole("button", { name: "Create account" }).click();
  await expect(developer).toHaveURL(/\/invite\?token=/);
  // Signed out and in again: sign-in comes back to the invitation too.
  await developer.context().clearCookies();
  await developer.goto(developerLink);
  await developer.getByRole("link", { name: "Sign in to accept" }).click();
  await expect(developer).toHaveURL(/\/sign-in\?callbackUrl=/);
  await developer.getByLabel("Email").fill(developerEmail);
  await developer.getByLabel("Password").fill(PASSWORD);
  await developer.getByRole("button", { name: "Sign in" }).click();
  await expect(developer).toHaveURL(/\/invite\?token=/);
  await accept(developer, workspace, "developer");
  expect(developerUser.email).not.toBe(developerEmail);

  // What a developer sees: API keys (and makes one), instances' create button; no billing.
  await expect(nav(developer).getByRole("link", { name: "Billing", exact: true })).toHaveCount(0);
  await expect(nav(developer).getByRole("link", { name: "Playground", exact: true })).toBeVisible();
  await openEveryOfferedPage(developer);
  expect(await createApiKey(developer, "developer key")).toMatch(/^swk_/);
  await openPage(developer, "Instances", /\/instances$/);
  await expect(developer.getByRole("button", { name: "New instance" })).toBeVisible();
  await developer.goto("/billing");
  await expect(developer.getByTestId("role-notice")).toContainText("Your role (developer) does not give access to Billing.");

  // The owner makes the viewer a developer: the viewer's next page load has the API keys.
  await owner.reload();
  await expect(owner.getByTestId("member-row")).toHaveCount(3);
  await expect(owner.getByTestId("invite-row")).toHaveCount(0);
  const changed = owner.waitForResponse((response) => response.url().includes("members.changeRole"));
  await owner.getByLabel(`Role of ${viewerEmail}`).selectOption("developer");
  expect((await changed).ok()).toBe(true);
  await owner.reload();
  await expect(owner.getByLabel(`Role of ${viewerEmail}`)).toHaveValue("developer");
  await viewer.goto("/overview");
  await expect(viewer.getByTestId("workspace-role")).toHaveText("developer");
  await expect(nav(viewer).getByRole("link", { name: "API keys", exact: true })).toBeVisible();
  // The header's switcher takes the member back to their own workspace, where they are its owner.
  await viewer.getByTestId("workspace-switcher").selectOption({ label: `Viewer ${tag}'s workspace (owner)` });
  await expect(viewer.getByTestId("workspace-role")).toHaveText("owner");
  await expect(viewer).toHaveURL(/\/overview$/);
  await expect(viewer.getByTestId("workspace-switcher").locator("option:checked")).toHaveText(`Viewer ${tag}'s workspace (owner)`);

  // The owner removes the developer: their next request no longer reaches this workspace.
  await owner.getByRole("button", { name: `Remove ${developerEmail}` }).click();
  await owner.getByRole("button", { name: "Confirm remove" }).click();
  await expect(owner.getByTestId("member-row")).toHaveCount(2);
  await developer.goto("/keys");
  await expect(developer).toHaveURL(/\/sign-in/);

  // The last owner is not offered Leave: the page says what to do first.
  await expect(owner.getByTestId("leave-workspace")).toContainText("You are the only owner");
  await expect(owner.getByRole("button", { name: `Leave ${workspace}` })).toHaveCount(0);
  await expect(owner).toHaveURL(/\/members$/);
});
