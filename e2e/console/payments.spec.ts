// Buying credits in the console against the fake Stripe (e2e/fixtures/fake-stripe.ts): the price
// shown before paying, the provider's page, back to Billing where the grant shows once the signed
// event arrived; the balance, the ledger, the payments and the audit log agree.
import { expect, test, type Page } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";
import { screenshots } from "../fixtures/screenshots";
import { state } from "../fixtures/state";

async function trpcQuery(page: Page, path: string, input: unknown) {
  const res = await page.request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  expect(res.status()).toBe(200);
  return (await res.json()).result.data.json;
}

test("a member buys 25 credits through Add credits, comes back, and sees the grant in balance, ledger, payments and audit log", async ({ page }) => {
  test.slow(); // a sign-up, two visits to the provider's page and back, and a reload: more than a minute on a loaded machine
  await signUp(page, "Buyer");
  await openPage(page, "Billing", /\/billing$/);
  await expect(page.getByTestId("billing-balance")).toHaveText("5.00 credits");

  const form = page.getByRole("form", { name: "Add credits" });
  await form.getByLabel("Credits to buy").fill("25");
  await expect(form.getByTestId("checkout-price")).toHaveText("25.00 USD");
  await screenshots(page, "billing-add-credits");
  await form.getByRole("button", { name: "Pay 25.00 USD" }).click();

  await expect(page).toHaveURL(new RegExp(`^${state().stripe}/checkout/`));
  await expect(page.getByTestId("checkout-amount")).toHaveText("25.00 USD");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/billing\?checkout=pay_[0-9a-z]{26}$/);
  const paymentId = new URL(page.url()).searchParams.get("checkout")!;
  await expect(page.getByTestId("checkout-result")).toHaveAttribute("data-status", "succeeded");
  await expect(page.getByTestId("checkout-result")).toContainText("25 credits added");
  await expect(page.getByTestId("billing-balance")).toHaveText("30.00 credits");

  const topUp = page.getByTestId("ledger-row").filter({ hasText: "Top-up of 25 credits" });
  await expect(topUp).toHaveCount(1);
  await expect(topUp.getByTestId("ledger-amount")).toHaveText("+25.000000");
  const payment = page.getByTestId("payment-row");
  await expect(payment).toHaveCount(1);
  await expect(payment.getByTestId("payment-status")).toHaveText("succeeded");
  await expect(payment.getByRole("link", { name: "Receipt" })).toHaveAttribute("href", new RegExp(`^${state().stripe}/receipts/`));
  await screenshots(page, "billing-after-top-up");

  const audit = await trpcQuery(page, "audit.list", { target_id: paymentId, limit: 20 });
  expect(audit.audit_events.map((e: { action: string }) => e.action).sort()).toEqual(["billing.checkout_create", "billing.payment_succeeded"]);
  const ledger = await trpcQuery(page, "billing.transactions", { type: "top_up", limit: 20 });
  expect(ledger.transactions.map((t: { amount: number; resource: string }) => [t.amount, t.resource])).toEqual([[25, paymentId]]);

  // Reloading the page that came back from the provider shows the same grant, and adds nothing.
  await page.reload();
  await expect(page.getByTestId("checkout-result")).toHaveAttribute("data-status", "succeeded");
  await expect(page.getByTestId("billing-balance")).toHaveText("30.00 credits");
});
