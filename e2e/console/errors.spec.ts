// Errors in plain words, where they belong: at the field (no backticks, no raw ids), every failed
// load with a Retry, the playground's empty prompt at the prompt, and a playground run that cannot
// reach the server ends with a clear message and a Retry instead of waiting for ever.
import { expect, test } from "@playwright/test";
import { openSshKey } from "../fixtures/cloud";
import { openPage, signUp } from "../fixtures/console";

test("a refused form says it at the field in plain words; a failed load offers Retry", async ({ page }) => {
  await signUp(page, "Errors");
  await openPage(page, "SSH keys", /\/ssh-keys$/);
  const publicKey = openSshKey("errors@spec");
  for (const name of ["first", "second"]) {
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Public key").fill(publicKey);
    await page.getByRole("button", { name: "Add SSH key" }).click();
    if (name === "first") await expect(page.getByRole("status").filter({ hasText: "Added first." })).toBeVisible();
  }
  const refusal = page.getByText(/already in this project/);
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toContainText("`");
  await expect(refusal).not.toContainText(/ssh_[0-9a-z]{8,}/);

  // The ledger fails to load (the client's own retries too): the error says so, and Retry loads it.
  let failing = true;
  await page.route(/\/api\/trpc\/.*billing\.transactions/, (route) => (failing ? route.fulfill({ status: 500, contentType: "application/json", body: "[]" }) : route.continue()));
  await openPage(page, "Billing", /\/billing$/);
  const failed = page.getByRole("alert").filter({ hasText: "Could not load this" });
  await expect(failed.first()).toBeVisible({ timeout: 30_000 });
  failing = false;
  // Every failed part of the page has its Retry (the ledger's batch carries other cards' queries
  // too); each click may take one away, so the first one left is clicked until the ledger shows.
  const retry = page.getByRole("button", { name: "Retry" });
  await expect(async () => {
    if ((await retry.count()) > 0) await retry.first().click();
    await expect(page.getByTestId("ledger-row").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test("the playground: an empty prompt is said at the prompt; offline, a run ends with a clear message and Retry", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, "Offline");
  await openPage(page, "Playground", /\/playground$/);
  const prompt = page.getByRole("textbox", { name: "Prompt" });
  await prompt.fill("");
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByText("Write a prompt first.")).toBeVisible();
  await expect(prompt).toBeFocused();
  await expect(page.getByTestId("playground-status")).toHaveText("idle");

  await prompt.fill("Say hello in five words.");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page.getByTestId("playground-status")).toHaveText("failed", { timeout: 40_000 });
  await expect(page.getByText(/could not be reached/)).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("playground-status")).toHaveText("done", { timeout: 30_000 });
});
