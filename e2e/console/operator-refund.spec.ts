// An operator refunds a payment from the console (Billing → Operator → a workspace's payments),
// confirmed first, through the fake Stripe (e2e/fixtures/fake-stripe.ts): the balance drops when
// the provider's charge.refunded event arrives, and the payment can be refunded no more. A member
// who is no operator never sees the view, and the procedure refuses them.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { eventually } from "../fixtures/ai";
import { signIn } from "../fixtures/console";
import { trpcMutation } from "../fixtures/console-session";
import { memberKey, newMember } from "../fixtures/new-member";
import { state } from "../fixtures/state";
import { payCheckout } from "../fixtures/stripe";

const balanceOf = async (key: string) => (await call("GET", "/v1/billing", { key })).body.balance as number;

test("an operator refunds a member's paid top-up after confirming; the balance drops; a member never sees it", async ({ page, browser }) => {
  test.slow();
  const member = await newMember("refunded", { verified: true });
  const key = await memberKey(member);
  const bought = await call("POST", "/v1/billing/checkout_sessions", { key, body: { credits: 20 } });
  expect(bought.status, bought.text).toBe(201);
  await payCheckout(bought.body.checkout_session.url);
  await eventually(async () => expect(await balanceOf(key)).toBe(25));
  const paymentId = bought.body.checkout_session.id as string;

  await signIn(page, state().op);
  await page.goto("/billing");
  const operator = page.getByTestId("operator-section");
  const lookup = operator.getByRole("form", { name: "Payments of a workspace" });
  await lookup.getByLabel("Workspace id").fill(member.workspaceId);
  await lookup.getByRole("button", { name: "Show payments" }).click();
  const row = operator.getByTestId("operator-payment-row").filter({ hasText: "Top-up" });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-payment-id", paymentId);

  // Cancel first: nothing happens.
  await row.getByRole("button", { name: `Refund ${paymentId}` }).click();
  const confirm = row.getByRole("group", { name: `Confirm the refund of ${paymentId}` });
  await expect(confirm).toContainText("Refund 20.00 USD and take back 20");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  expect(await balanceOf(key)).toBe(25);

  await row.getByRole("button", { name: `Refund ${paymentId}` }).click();
  await row.getByRole("button", { name: "Confirm refund" }).click();
  await expect(operator.getByText(`Refund of ${paymentId} requested`)).toBeVisible();
  await eventually(async () => expect(await balanceOf(key)).toBe(5));
  const payments = (await call("GET", "/v1/billing/payments", { key })).body.payments as { kind: string; credits: number }[];
  expect(payments.map((p) => [p.kind, p.credits])).toEqual([["refund", 20], ["top_up", 20]]);
  // Refunded once: the row offers no second refund, and the service refuses one.
  await lookup.getByRole("button", { name: "Show payments" }).click();
  await expect(operator.getByTestId("operator-payment-row").filter({ hasText: "Top-up" }).getByRole("button", { name: /^Refund / })).toHaveCount(0);

  // The member (an owner, no operator) sees no operator view, and the procedure refuses them.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signIn(theirs, member);
  await theirs.goto("/billing");
  await expect(theirs.getByTestId("billing-balance")).toHaveText("5.00 credits");
  await expect(theirs.getByTestId("operator-section")).toHaveCount(0);
  await context.close();
  const refused = await trpcMutation(member.cookie, "operator.refundPayment", { paymentId });
  expect(refused.status).toBe(403);
  expect(await balanceOf(key)).toBe(5);
});
