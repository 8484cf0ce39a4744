// Per-key limits in the console: the API keys page shows each key's limits and its period's use
// against its budget with the next reset, and edits them (limit and reset) through the same
// service as PATCH /v1/api_keys/{id}; a key is made with a daily limit; an operator edits the
// tiers' limits next to the product rates.
import { expect, test, type Page } from "@playwright/test";
import { createApiKey, signIn, signUp } from "../fixtures/console";
import { state } from "../fixtures/state";

const v1 = (page: Page, key: string, path: string) => page.request.get(path, { headers: { authorization: `Bearer ${key}` } });

test("a member sees a key's limits and its use against its budget, and edits them", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, "Limits");
  const key = await createApiKey(page, "budgeted");
  const row = page.getByTestId("api-key-row").filter({ hasText: "budgeted" });
  await expect(row.getByTestId("api-key-limits")).toContainText("60 generations · 1,000 other / min");
  await expect(row.getByTestId("api-key-budget")).toHaveText("0 credits this month · no monthly limit");

  await row.getByRole("button", { name: "Edit budgeted" }).click();
  const form = page.getByRole("form", { name: "Edit budgeted" });
  // Above the tier: refused at its field, naming the tier's maximum.
  await form.getByLabel("Generations / min").fill("61");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("at most 60 requests per minute on the starter tier")).toBeVisible();
  await form.getByLabel("Generations / min").fill("3");
  await form.getByLabel("Credit limit").fill("0.5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toHaveCount(0);
  await expect(row.getByTestId("api-key-limits")).toContainText("3 generations · 1,000 other / min");
  await expect(row.getByRole("meter", { name: "Credits used this month" })).toHaveAttribute("aria-valuetext", "0 of 0.5 credits");
  await expect(row.getByTestId("api-key-resets")).toHaveText(/^Resets [A-Z][a-z]{2} 1, \d{4}, 00:00 UTC$/);

  // The REST API sees the same key, and its use shows on the bar.
  const id = (await row.getAttribute("data-key-id"))!;
  const viewed = await v1(page, key, `/v1/api_keys/${id}`);
  expect((await viewed.json()).api_key).toMatchObject({ rate_limits: { generate: 3, api: 1000 }, monthly_credit_limit: 0.5 });
  const generated = await page.request.post("/api/public/v1/ai/completions", {
    headers: { authorization: `Bearer ${key}` },
    data: { prompt: "[[words 20]] Describe a quiet walk by the river.", max_output_tokens: 64 },
  });
  expect(generated.status()).toBe(200);
  expect(generated.headers()["ratelimit-policy"]).toBe('"generate";q=3;w=60');
  const credits = (await generated.json()).usage.credits as number;
  await page.reload();
  await expect(row.getByRole("meter", { name: "Credits used this month" })).toHaveAttribute("aria-valuetext", `${credits} of 0.5 credits`);
});

test("a key made with a daily limit shows today's use and tomorrow's reset; switched to weekly it resets on a Monday", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, "Daily");
  await page.goto("/keys");
  await page.getByLabel("Key name").fill("daily");
  await page.getByLabel("Credit limit").fill("2");
  await page.getByLabel("Limit resets").selectOption("daily");
  await page.getByRole("button", { name: "Create key" }).click();
  const row = page.getByTestId("api-key-row").filter({ hasText: "daily" });
  await expect(row.getByRole("meter", { name: "Credits used today" })).toHaveAttribute("aria-valuetext", "0 of 2 credits");
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = tomorrow.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  await expect(row.getByTestId("api-key-resets")).toHaveText(`Resets ${day}, 00:00 UTC`);

  await row.getByRole("button", { name: "Edit daily" }).click();
  const form = page.getByRole("form", { name: "Edit daily" });
  await form.getByLabel("Limit resets").selectOption("weekly");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toHaveCount(0);
  await expect(row.getByRole("meter", { name: "Credits used this week" })).toBeVisible();
  const resetsAt = (await row.getByTestId("api-key-resets").getAttribute("title"))!;
  expect(new Date(resetsAt).getUTCDay()).toBe(1);
});

test("an operator sets a tier's limits next to the rates; a refused value is shown at its field", async ({ page }) => {
  await signIn(page, state().op);
  await page.goto("/billing");
  const row = page.getByTestId("tier-limits-scale");
  const api = row.getByLabel("Other requests / min");
  const original = await api.inputValue();
  const call = (procedure: string, input?: unknown) =>
    input === undefined ? page.request.get(`/api/trpc/operator.${procedure}`) : page.request.post(`/api/trpc/operator.${procedure}`, { data: { json: input } });
  try {
    await api.fill(String(Number(original) - 1));
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("status")).toHaveText("Saved");
    const limits = (await (await call("tierLimits")).json()).result.data.json as { tier: string; api: number }[];
    expect(limits.find((tier) => tier.tier === "scale")?.api).toBe(Number(original) - 1);
    await api.fill("0");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByText("Must be at least 1 request per minute.")).toBeVisible();
  } finally {
    const generate = Number(await row.getByLabel("Generations / min").inputValue());
    expect((await call("setTierLimits", { tier: "scale", generate, api: Number(original) })).status()).toBe(200);
  }
});
