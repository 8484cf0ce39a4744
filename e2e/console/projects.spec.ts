// Projects in the console: a second project is created and switched to; API keys follow the
// selected project; renaming in place (keyboard only) shows the new name in the header's switcher;
// a project is deleted only once empty, and the console moves off a deleted current project.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";

const switcher = (page: Page) => page.getByTestId("project-switcher");
const row = (page: Page, name: string) => page.getByTestId("project-row").filter({ has: page.getByTestId("project-name").getByText(name, { exact: true }) });

test("a second project gets its own keys; switching back hides them; renaming shows in the switcher", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const second = `Staging ${tag}`;
  await signUp(page, "Projects");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId("project-row")).toHaveCount(1);
  const first = row(page, "Default project");
  await expect(first).toContainText("Current");
  const firstId = (await first.getAttribute("data-project-id"))!;

  // A blank name is refused at the field.
  await page.getByLabel("Project name").fill("   ");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByLabel("Project name")).toHaveAccessibleDescription("Give the project a name.");

  await page.getByLabel("Project name").fill(second);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Created ${second}.` })).toBeVisible();
  await expect(page.getByTestId("project-row")).toHaveCount(2);
  const secondId = (await row(page, second).getAttribute("data-project-id"))!;
  expect(secondId).toMatch(/^prj_/);
  await expect(switcher(page).locator("option", { hasText: second })).toHaveCount(1);
  await expect(switcher(page)).toHaveValue(firstId);

  await row(page, second).getByRole("button", { name: `Switch to ${second}` }).click();
  await expect(switcher(page)).toHaveValue(secondId);
  await expect(row(page, second)).toContainText("Current");
  await expect(first).not.toContainText("Current");

  // A key made while the second project is selected belongs to it.
  await openPage(page, "API keys", /\/keys$/);
  await expect(page.getByTestId("no-api-keys")).toBeVisible();
  await page.getByLabel("Key name").fill("staging deployer");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!;
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("api-key-row").filter({ hasText: "staging deployer" })).toHaveCount(1);
  const listed = await page.request.get("/v1/api_keys", { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);

  // Back to the first project (from the header): the key is not listed there.
  await switcher(page).selectOption(firstId);
  await expect(page.getByTestId("no-api-keys")).toBeVisible();
  await expect(page.getByTestId("api-key-row")).toHaveCount(0);
  // The choice is remembered across a reload.
  await page.reload();
  await expect(switcher(page)).toHaveValue(firstId);
  await expect(page.getByTestId("no-api-keys")).toBeVisible();
  await switcher(page).selectOption(secondId);
  await expect(page.getByTestId("api-key-row").filter({ hasText: "staging deployer" })).toHaveCount(1);

  // Rename in place with the keyboard: Escape cancels, Enter saves, focus returns to Rename.
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await first.getByRole("button", { name: "Rename Default project" }).focus();
  await page.keyboard.press("Enter");
  const nameField = page.getByLabel("New name for Default project");
  await expect(nameField).toBeFocused();
  await page.keyboard.type("Ignored");
  await page.keyboard.press("Escape");
  await expect(nameField).toHaveCount(0);
  await expect(first.getByTestId("project-name")).toHaveText("Default project");
  await expect(first.getByRole("button", { name: "Rename Default project" })).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(nameField).toBeFocused();
  await page.keyboard.type(`Production ${tag}`); // the field's text is selected on focus: typing replaces it
  await page.keyboard.press("Enter");
  const renamed = page.locator(`[data-project-id="${firstId}"]`);
  await expect(renamed.getByTestId("project-name")).toHaveText(`Production ${tag}`);
  await expect(renamed.getByRole("button", { name: `Rename Production ${tag}` })).toBeFocused();
  await expect(switcher(page).locator(`option[value="${firstId}"]`)).toHaveText(`Production ${tag}`);
  await page.reload();
  await expect(switcher(page).locator(`option[value="${firstId}"]`)).toHaveText(`Production ${tag}`);
});

test("a project with a key cannot be deleted until the key is revoked; deleting the current one moves the console on", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const spare = `Spare ${tag}`;
  await signUp(page, "Project deleter");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  // The only project offers no Delete.
  await expect(row(page, "Default project").getByRole("button", { name: "Delete Default project" })).toHaveCount(0);
  await page.getByLabel("Project name").fill(spare);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(2);
  const spareId = (await row(page, spare).getAttribute("data-project-id"))!;
  await row(page, spare).getByRole("button", { name: `Switch to ${spare}` }).click();
  await expect(switcher(page)).toHaveValue(spareId);

  await openPage(page, "API keys", /\/keys$/);
  await page.getByLabel("Key name").fill("spare key");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("button", { name: "I have stored it" }).click();

  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await row(page, spare).getByRole("button", { name: `Delete ${spare}` }).click();
  await row(page, spare).getByRole("button", { name: "Confirm delete" }).click();
  await expect(row(page, spare).getByRole("alert")).toHaveText("This project still has 1 API key. Delete or revoke them first, then delete the project.");
  await expect(page.getByTestId("project-row")).toHaveCount(2);

  await openPage(page, "API keys", /\/keys$/);
  const keyRow = page.getByTestId("api-key-row").filter({ hasText: "spare key" });
  await keyRow.getByRole("button", { name: "Revoke spare key" }).click();
  await keyRow.getByRole("button", { name: "Confirm revoke" }).click();
  await expect(keyRow).toHaveCount(0);

  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await row(page, spare).getByRole("button", { name: `Delete ${spare}` }).click();
  await row(page, spare).getByRole("button", { name: "Confirm delete" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(1);
  await expect(row(page, "Default project")).toContainText("Current");
  await expect(switcher(page).locator("option", { hasText: spare })).toHaveCount(0);
  await page.reload();
  await expect(row(page, "Default project")).toContainText("Current");
});

test("past ten projects a search narrows them by name on the server, a literal % included", async ({ page }) => {
  await signUp(page, "Many projects");
  for (let i = 0; i < 11; i++) {
    const made = await page.request.post("/api/trpc/projects.create", { data: { json: { name: i === 4 ? "Billing 100%_ready" : `Project ${i}` } } });
    expect(made.status(), await made.text()).toBe(200);
  }
  await page.goto("/projects");
  await expect(page.getByTestId("project-row")).toHaveCount(12);
  const search = page.getByRole("searchbox", { name: "Search projects by name" });
  await search.fill("BILLING");
  await expect(page.getByTestId("project-row")).toHaveCount(1);
  await expect(page.getByTestId("project-row")).toContainText("Billing 100%_ready");
  await search.fill("%");
  await expect(page.getByTestId("project-row")).toHaveCount(1); // a literal %, not a wildcard
  await search.fill("nothing like this");
  await expect(page.getByTestId("no-match")).toBeVisible();
  await search.fill("");
  await expect(page.getByTestId("project-row")).toHaveCount(12);
});
