// Buying credits against the fake Stripe (e2e/fixtures/fake-stripe.ts), through the real `stripe`
// SDK: a Checkout Session, the customer pays on the hosted page, and the credits come with the
// signed events only — once, however often and in whatever order the events arrive; a forged
// event is 400 and changes nothing; a refund and a dispute take the credits back.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { eventually } from "../fixtures/ai";
import { trpcQuery } from "../fixtures/console-session";
import { memberKey, newMember } from "../fixtures/new-member";
import { openDispute, payCheckout, resend, sentEvents, setSwitches, signature, stripeClient, stripeObjects } from "../fixtures/stripe";
import { state } from "../fixtures/state";

async function balanceOf(key: string): Promise<number> {
  const res = await call("GET", "/v1/billing", { key });
  expect(res.status).toBe(200);
  return res.body.balance;
}

async function paymentOf(key: string, id: string) {
  const res = await call("GET", "/v1/billing/payments", { key });
  expect(res.status).toBe(200);
  return res.body.payments.find((p: { id: string }) => p.id === id);
}

async function buy(key: string, credits: number) {
  const res = await call("POST", "/v1/billing/checkout_sessions", { key, body: { credits } });
  expect(res.status, res.text).toBe(201);
  return res.body.checkout_session as { id: string; url: string; credits: number; amount: number; currency: string; expires_at: string };
}

/** Waits until every event sent for the workspace was answered 2xx at last. */
async function allDelivered(workspace: string, count: number) {
  await eventually(async () => {
    const events = await sentEvents(workspace);
    expect(events.length).toBeGreaterThanOrEqual(count);
    for (const event of events) expect(event.statuses.at(-1), `${event.type} answered`).toBe(200);
  });
  return sentEvents(workspace);
}

test("a top-up is credited once, on the signed events, duplicated and out of order, and the ledger and audit log name its payment", async () => {
  const member = await newMember("pay", { verified: true });
  const key = await memberKey(member);
  expect(await balanceOf(key)).toBe(5);
  await setSwitches(member.workspaceId, { duplicate: true, reverse: true });

  const session = await buy(key, 25);
  expect(session).toMatchObject({ credits: 25, amount: 25, currency: "usd" });
  expect(session.id).toMatch(/^pay_[0-9a-z]{26}$/);
  expect(session.url.startsWith(`${state().stripe}/checkout/`)).toBe(true);
  expect((await paymentOf(key, session.id)).status).toBe("pending");
  expect(await balanceOf(key)).toBe(5);

  const back = await payCheckout(session.url);
  expect(back).toBe(`${state().baseURL}/billing?checkout=${session.id}`);
  // Sent: charge.succeeded, payment_intent.succeeded, checkout.session.completed — reversed, each twice.
  const events = await allDelivered(member.workspaceId, 6);
  expect(events.map((e) => e.type)).toEqual([
    "checkout.session.completed", "checkout.session.completed", "payment_intent.succeeded", "payment_intent.succeeded", "charge.succeeded", "charge.succeeded",
  ]);
  expect(await balanceOf(key)).toBe(30);
  const payment = await paymentOf(key, session.id);
  expect(payment).toMatchObject({ kind: "top_up", status: "succeeded", credits: 25, amount: 25, currency: "usd" });
  expect(payment.receipt_url.startsWith(`${state().stripe}/receipts/`)).toBe(true);

  // A replay of the event, long after: nothing more.
  expect((await resend(events[0].id)).statuses).toEqual([200]);
  expect(await balanceOf(key)).toBe(30);

  const ledger = await call("GET", "/v1/billing/transactions?type=top_up", { key });
  expect(ledger.body.transactions).toHaveLength(1);
  expect(ledger.body.transactions[0]).toMatchObject({ type: "top_up", amount: 25, balance_after: 30, resource: session.id });
  // Payments are the workspace's: its audit log is the console's (a key's list holds its project's changes).
  const audit = await trpcQuery(member.cookie, `audit.list?input=${encodeURIComponent(JSON.stringify({ json: { target_id: session.id, limit: 20 } }))}`);
  expect(audit.status).toBe(200);
  expect(audit.data.audit_events.map((e: { action: string }) => e.action).sort()).toEqual(["billing.checkout_create", "billing.payment_succeeded"]);
});

test("a forged or unsigned event is 400 in the contract's shape and credits nothing", async () => {
  const member = await newMember("forge", { verified: true });
  const key = await memberKey(member);
  const session = await buy(key, 10);
  const [pending] = await stripeObjects("checkout.session").then((all) => all.filter((s) => s.metadata.payment_id === session.id));
  const body = JSON.stringify({
    id: "evt_forged_1", object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), api_version: "2025-01-01",
    data: { object: { ...pending, status: "complete", payment_status: "paid" } },
  });
  for (const headers of [{ "stripe-signature": signature(body, "whsec_not_the_endpoints_secret") }, {} as Record<string, string>, { "stripe-signature": "t=1,v1=00" }]) {
    const res = await call("POST", "/api/stripe/webhook", { rawBody: body, headers: { "content-type": "application/json", ...headers } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param: "stripe-signature" });
    expect(res.body.error.request_id).toMatch(/^req_/);
  }
  expect(await balanceOf(key)).toBe(5);
  expect((await paymentOf(key, session.id)).status).toBe("pending");
});

test("a purchase outside the operator's bounds, or not whole, is 400; a read key is 403; an Idempotency-Key makes one session", async () => {
  const member = await newMember("bounds", { verified: true });
  const key = await memberKey(member);
  for (const credits of [1, 100001, 2.5, "25"]) {
    const res = await call("POST", "/v1/billing/checkout_sessions", { key, body: { credits } });
    expect(res.status, String(credits)).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_body", param: "credits" });
  }
  const unknown = await call("POST", "/v1/billing/checkout_sessions", { key, body: { credits: 10, price: 0 } });
  expect(unknown.status).toBe(400);
  const read = await call("POST", "/v1/billing/checkout_sessions", { key: state().a.readKey, body: { credits: 10 } });
  expect(read.status).toBe(403);
  const headers = { "idempotency-key": `buy-${member.workspaceId}` };
  const first = await call("POST", "/v1/billing/checkout_sessions", { key, body: { credits: 10 }, headers });
  const again = await call("POST", "/v1/billing/checkout_sessions", { key, body: { credits: 10 }, headers });
  expect(first.status).toBe(201);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.body.checkout_session.id).toBe(first.body.checkout_session.id);
  const list = await call("GET", "/v1/billing/payments", { key });
  expect(list.body.payments).toHaveLength(1);
});

test("a refund and a dispute take the credits back, once each, in the ledger", async () => {
  const member = await newMember("refund", { verified: true });
  const key = await memberKey(member);
  const first = await buy(key, 20);
  await payCheckout(first.url);
  await eventually(async () => expect(await balanceOf(key)).toBe(25));
  const intent = (await stripeObjects("payment_intent")).find((pi) => pi.metadata.payment_id === first.id);

  await stripeClient().refunds.create({ payment_intent: intent.id });
  await eventually(async () => expect(await balanceOf(key)).toBe(5));
  const refundEvent = (await sentEvents(member.workspaceId)).find((e) => e.type === "charge.refunded")!;
  await resend(refundEvent.id);
  expect(await balanceOf(key)).toBe(5);

  const second = await buy(key, 10);
  await payCheckout(second.url);
  await eventually(async () => expect(await balanceOf(key)).toBe(15));
  const disputed = (await stripeObjects("payment_intent")).find((pi) => pi.metadata.payment_id === second.id);
  await openDispute(disputed.id);
  await eventually(async () => expect(await balanceOf(key)).toBe(5));

  const reversals = await call("GET", "/v1/billing/transactions?type=reversal", { key });
  expect(reversals.body.transactions.map((t: { amount: number; resource: string }) => [t.amount, t.resource])).toEqual([[-10, second.id], [-20, first.id]]);
  const payments = (await call("GET", "/v1/billing/payments", { key })).body.payments;
  expect(payments.map((p: { kind: string; credits: number }) => [p.kind, p.credits])).toEqual([["dispute", 10], ["top_up", 10], ["refund", 20], ["top_up", 20]]);
});
