// The Billing page: balance, tier and the ledger for every member; for operators only, product rates
// edited live (GET /api/public/v1/ai/products serves them at once), credit grants and tiers.
// The operator tests run one after another: they share the operator's workspace, and the rate test
// changes vision's rate for the whole server (then puts it back; no spec meters vision at an exact rate).
import { expect, test, type Page } from "@playwright/test";
import { call } from "../fixtures/api";
import { openPage, signIn, signUp } from "../fixtures/console";
import { screenshots } from "../fixtures/screenshots";
import { state } from "../fixtures/state";

type Rates = { input_per_million_tokens: number; output_per_million_tokens: number };

async function ratesOf(product: string): Promise<Rates> {
  const res = await call("GET", "/api/public/v1/ai/products");
  expect(res.status).toBe(200);
  return res.body.data.find((p: { id: string }) => p.id === product).rates;
}

async function balance(): Promise<number> {
  const res = await call("GET", "/v1/billing", { key: state().op.readKey });
  expect(res.status).toBe(200);
  return res.body.balance;
}

// Cards and the header round to the hundredth; the exact amount is in their title.
const credits = (n: number) => `${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} credits`;

/** An operator procedure called as the browser's signed-in user would call it (tRPC over HTTP). */
const operatorCall = (page: Page, procedure: string, input: unknown) => page.request.post(`/api/trpc/operator.${procedure}`, { data: { json: input } });

test("a member sees balance, tier and ledger, and no operator section; the operator procedures refuse them", async ({ page }) => {
  await signUp(page, "Billing");
  const answered = page.waitForResponse((response) => response.url().includes("operator.isOperator"));
  await openPage(page, "Billing", /\/billing$/);
  await answered;
  await expect(page.getByTestId("billing-balance")).toHaveText("5.00 credits");
  await expect(page.getByTestId("billing-reserved")).toHaveText("0.00 credits");
  await expect(page.getByTestId("billing-tier")).toHaveText("starter");
  const entry = page.getByTestId("ledger-row");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Starter credits");
  await expect(entry.getByTestId("ledger-amount")).toHaveText("+5.000000");
  await expect(page.getByRole("heading", { name: "Operator" })).toHaveCount(0);
  await expect(page.getByTestId("operator-section")).toHaveCount(0);
  await screenshots(page, "billing-member");

  expect((await operatorCall(page, "setRate", { product: "vision", input: 0, output: 0 })).status()).toBe(403);
  expect((await operatorCall(page, "grantCredits", { workspaceId: state().op.workspaceId, credits: 1 })).status()).toBe(403);
});

// One operator session for these tests (each sign-in counts against the per-address sign-in limit),
// run one after another: they share the operator's workspace and vision's rate.
test.describe("the operator section", () => {
  test.describe.configure({ mode: "serial" });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signIn(page, state().op);
  });
  test.afterAll(async () => {
    await page.close();
  });

  test("an operator changes vision's rate in the console and GET /api/public/v1/ai/products serves it at once", async () => {
    const original = await ratesOf("vision");
    const changed = { input_per_million_tokens: 1.234567, output_per_million_tokens: 4.567891 };
    expect(original).not.toMatchObject(changed);
    await page.goto("/billing");
    try {
      const row = page.getByTestId("rate-row-vision");
      const input = row.getByLabel("Input / M tokens", { exact: true });
      const output = row.getByLabel("Output / M tokens");
      await expect(input).toHaveValue(String(original.input_per_million_tokens));
      await expect(output).toHaveValue(String(original.output_per_million_tokens));
      await input.fill(String(changed.input_per_million_tokens));
      await output.fill(String(changed.output_per_million_tokens));
      await row.getByRole("button", { name: "Save" }).click();
      await expect(row.getByRole("status")).toHaveText("Saved");
      expect(await ratesOf("vision")).toMatchObject(changed);
      await screenshots(page, "billing-operator");

      // A refused value is shown at its field, and nothing changes.
      await output.fill("-1");
      await row.getByRole("button", { name: "Save" }).click();
      await expect(output).toHaveAttribute("aria-invalid", "true");
      await expect(row.getByText("Must be 0 or more credits.")).toBeVisible();
      await expect(input).not.toHaveAttribute("aria-invalid", "true");
      await screenshots(page, "billing-rate-refused");
      expect(await ratesOf("vision")).toMatchObject(changed);
    } finally {
      const restored = await operatorCall(page, "setRate", { product: "vision", input: original.input_per_million_tokens, output: original.output_per_million_tokens });
      expect(restored.status()).toBe(200);
    }
    expect(await ratesOf("vision")).toMatchObject({ input_per_million_tokens: original.input_per_million_tokens, output_per_million_tokens: original.output_per_million_tokens });
  });

  test("an operator sees the service's changes that belong to no workspace: a rate change, with who made it", async () => {
    // Vision's rate again, unchanged: a change on record that moves no other spec's numbers.
    const rates = await ratesOf("vision");
    expect((await operatorCall(page, "setRate", { product: "vision", input: rates.input_per_million_tokens, output: rates.output_per_million_tokens })).status()).toBe(200);
    await page.goto("/billing");
    const change = page.getByTestId("operator-section").getByTestId("audit-event").filter({ hasText: "vision" }).first();
    await expect(change).toHaveAttribute("data-action", "operator.set_rate");
    await expect(change).toContainText("Product rates changed");
    await expect(change).toContainText("Operator");
  });

  test("an operator grants credits from the console: the balance grows by the grant and the ledger shows it", async () => {
    await page.goto("/billing");
    const before = await balance();
    await expect(page.getByTestId("billing-balance")).toHaveText(credits(before));

    const grant = page.getByRole("form", { name: "Grant credits" });
    const workspace = grant.getByLabel("Workspace id");
    const amount = grant.getByLabel("Credits");
    await expect(workspace).toHaveValue(state().op.workspaceId);
    // Refusals at their fields: nothing to grant, then a workspace that does not exist.
    await amount.fill("0");
    await grant.getByRole("button", { name: "Grant credits" }).click();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(grant.getByText("Must be more than 0 credits.")).toBeVisible();
    await workspace.fill("wsp_does_not_exist");
    await amount.fill("1");
    await grant.getByRole("button", { name: "Grant credits" }).click();
    await expect(workspace).toHaveAttribute("aria-invalid", "true");
    await expect(grant.getByText("No workspace \"wsp_does_not_exist\".")).toBeVisible();
    await screenshots(page, "billing-grant-refused");
    expect(await balance()).toBe(before);

    await workspace.fill(state().op.workspaceId);
    await amount.fill("12.345678");
    await grant.getByRole("button", { name: "Grant credits" }).click();
    const after = (Math.round(before * 1e6) + 12_345_678) / 1e6;
    await expect(grant.getByRole("status")).toContainText(`Granted 12.345678 credits to ${state().op.workspaceId}`);
    await expect(page.getByTestId("billing-balance")).toHaveText(credits(after));
    await expect(page.getByTestId("workspace-balance")).toHaveText(credits(after));
    await expect(page.getByTestId("workspace-balance").locator("[title]")).toHaveAttribute("title", `${after.toLocaleString("en-US", { maximumFractionDigits: 6 })} credits exactly`);
    expect(await balance()).toBe(after);
    const newest = page.getByTestId("ledger-row").first();
    await expect(newest).toContainText("Credits granted");
    await expect(newest.getByTestId("ledger-amount")).toHaveText("+12.345678");
    await screenshots(page, "billing-granted");
  });

  test("an operator sets a workspace's tier from the console", async () => {
    await page.goto("/billing");
    const form = page.getByRole("form", { name: "Set a tier" });
    try {
      await form.getByLabel("Tier").selectOption("growth");
      await form.getByRole("button", { name: "Set tier" }).click();
      await expect(page.getByTestId("billing-tier")).toHaveText("growth");
      await expect(page.getByText("10 % discount on AI credits")).toBeVisible();
      expect((await call("GET", "/v1/billing", { key: state().op.readKey })).body).toMatchObject({ tier: "growth", discount: 0.1 });
    } finally {
      expect((await operatorCall(page, "setTier", { workspaceId: state().op.workspaceId, tier: "starter" })).status()).toBe(200);
    }
  });

  test("the ledger shows 20 movements, then the next ones with Show more, as GET /v1/billing/transactions pages them", async () => {
    const listed = async () => {
      const res = await call("GET", "/v1/billing/transactions?limit=100", { key: state().op.readKey });
      expect(res.status).toBe(200);
      return res.body.transactions as { id: string; amount: number }[];
    };
    for (let n = (await listed()).length; n < 25; n++) {
      expect((await operatorCall(page, "grantCredits", { workspaceId: state().op.workspaceId, credits: 0.000001 })).status()).toBe(200);
    }
    const all = await listed();
    await page.goto("/billing");
    const rows = page.getByTestId("ledger-row");
    await expect(rows).toHaveCount(20);
    // The ledger's own button: the operator's page has other paged lists (service changes).
    const ledger = page.locator("section", { has: rows.first() });
    await ledger.getByRole("button", { name: "Show more" }).click();
    await expect(rows).toHaveCount(Math.min(all.length, 40));
    await expect(rows.last().getByTestId("ledger-amount")).toHaveText(`+${all[Math.min(all.length, 40) - 1].amount.toLocaleString("en-US", { minimumFractionDigits: 6, maximumFractionDigits: 6 })}`);
    if (all.length <= 40) await expect(ledger.getByRole("button", { name: "Show more" })).toHaveCount(0);
  });
});

test("the ledger filters by type and project, exports what it shows as CSV, and folds its filters on a phone", async ({ page }) => {
  await signUp(page, "Ledger");
  await openPage(page, "Billing", /\/billing$/);
  const rows = page.getByTestId("ledger-row");
  await expect(rows).toHaveCount(1);
  const filters = page.getByRole("form", { name: "Filter the ledger" });
  await filters.getByLabel("Type").selectOption("charge");
  await expect(page.getByText("No movements match")).toBeVisible();
  await filters.getByLabel("Type").selectOption("grant");
  await expect(rows).toHaveCount(1);
  await filters.getByLabel("Project").selectOption({ label: "Default project" });
  await expect(page.getByText("No movements match")).toBeVisible(); // the starter grant is the workspace's, not a project's
  await filters.getByLabel("Project").selectOption("");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await (await file.createReadStream()).toArray()).join("").split("\r\n");
  expect(lines[0]).toBe("id,created_at,type,amount,balance_after,description,resource,project_id,project");
  expect(lines[1]).toMatch(/^txn_[0-9a-z]+,[^,]+,grant,5\.000000,5\.000000,Starter credits/);
  await expect(page.getByTestId("ledger-export-status")).toHaveText("1 movement.");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(filters.getByLabel("Type")).toBeHidden();
  await page.getByRole("button", { name: /^Filters/ }).click();
  await expect(filters.getByLabel("Type")).toBeVisible();
});
