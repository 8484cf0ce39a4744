// The Activity page: generations made with a key created in the console are listed with their
// product and status, the product filter narrows them, a row opens its detail, and the ledger's
// charge links to it.
import { expect, test } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";

test("the project's generations are listed, filtered by product, and open their detail", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, "Activity");
  await openPage(page, "API keys", /\/keys$/);
  await page.getByLabel("Key name").fill("activity writer");
  await page.getByLabel("Scope").selectOption("read_write");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!;
  const made: string[] = [];
  for (const product of ["scholar", "fire"]) {
    const res = await page.request.post("/api/public/v1/ai/completions", {
      headers: { authorization: `Bearer ${key}` },
      data: { prompt: "Describe a quiet walk by the river.", product, max_output_tokens: 32 },
    });
    expect(res.status(), await res.text()).toBe(200);
    made.push((await res.json()).id);
  }

  await openPage(page, "Activity", /\/activity$/);
  const rows = page.getByTestId("generation-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("fire");
  await expect(rows.first()).toContainText("activity writer");
  await expect(rows.getByTestId("generation-status").first()).toHaveText("completed");

  const filters = page.getByRole("form", { name: "Filter generations" });
  await filters.getByLabel("Product").selectOption("scholar");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("scholar");
  await filters.getByLabel("Status").selectOption("failed");
  await expect(page.getByTestId("no-generations")).toBeVisible();
  await filters.getByLabel("Status").selectOption("");
  await filters.getByLabel("Key").selectOption({ label: "activity writer" });
  await expect(rows).toHaveCount(1);

  await page.locator(`[data-generation-id="${made[0]}"]`).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/activity/${made[0]}$`));
  await expect(page.getByRole("heading", { name: "Generation" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("activity writer");
  await expect(page.getByRole("main")).toContainText("completions (native)");
  await expect(page.getByRole("main")).not.toContainText("quiet walk");

  // The ledger's charge for that generation links to the same page.
  await openPage(page, "Billing", /\/billing$/);
  await page.getByTestId("ledger-resource").getByRole("link", { name: made[1] }).click();
  await expect(page).toHaveURL(new RegExp(`/activity/${made[1]}$`));
  await expect(page.getByRole("main")).toContainText("fire");
});
