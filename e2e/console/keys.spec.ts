// API keys in the console: a new key is shown once, then only as prefix…last4; revoking works,
// and both act on the same keys as the REST API.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { createApiKey, signUp } from "../fixtures/console";

test("a created key is shown once, works on the API, and revoking refuses it", async ({ page }) => {
  const tag = randomBytes(4).toString("hex");
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(`Keys ${tag}`);
  await page.getByLabel("Email").fill(`keys-${tag}@console.e2e.test`);
  await page.getByLabel("Password").fill("a-long-enough-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/overview$/);

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/keys$/);
  await expect(page.getByTestId("no-api-keys")).toBeVisible();
  await page.getByLabel("Key name").fill("ci reader");
  await page.getByLabel("Scope").selectOption("read");
  await page.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^swk_[0-9A-Za-z]{38}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByText("It is shown only once")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy key" })).toBeVisible();
  const masked = `${key.slice(0, 12)}…${key.slice(-4)}`;
  const row = page.getByTestId("api-key-row").filter({ hasText: "ci reader" });
  await expect(row.getByTestId("api-key-masked")).toHaveText(masked);
  await expect(row).toContainText("read");

  // The console's key is a real key of this workspace's project.
  const listed = await page.request.get("/v1/api_keys", { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);

  await page.reload();
  await expect(row.getByTestId("api-key-masked")).toHaveText(masked);
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await row.getByRole("button", { name: "Revoke ci reader" }).click();
  await row.getByRole("button", { name: "Confirm revoke" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("no-api-keys")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("no-api-keys")).toBeVisible();

  const refused = await page.request.get("/v1/api_keys", { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

test("a list past ten rows offers search, narrowed on the server by name", async ({ page }) => {
  await signUp(page, "Search");
  const key = await createApiKey(page, "search parent");
  await page.getByRole("button", { name: "I have stored it" }).click();
  for (let i = 0; i < 10; i++) {
    const made = await call("POST", "/v1/api_keys", { key, body: { name: i === 7 ? "billing worker 100%_done" : `worker ${i}`, scope: "read" } });
    expect(made.status, made.text).toBe(201);
  }
  await page.reload();
  await expect(page.getByTestId("api-key-row")).toHaveCount(11);
  const search = page.getByRole("searchbox", { name: "Search keys by name" });
  await search.fill("BILLING");
  await expect(page.getByTestId("api-key-row")).toHaveCount(1);
  await expect(page.getByTestId("api-key-row")).toContainText("billing worker 100%_done");
  await search.fill("100%_");
  await expect(page.getByTestId("api-key-row")).toHaveCount(1);
  await search.fill("%");
  await expect(page.getByTestId("api-key-row")).toHaveCount(1); // a literal %, not a wildcard
  await search.fill("nothing like this");
  await expect(page.getByTestId("no-match")).toBeVisible();
  await search.fill("");
  await expect(page.getByTestId("api-key-row")).toHaveCount(11);
});
