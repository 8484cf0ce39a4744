// Webhooks in the console: an endpoint added in the UI gets a signing secret shown once; its test
// event reaches a real receiver signed with that secret and the delivery log says so; a private
// URL is refused at its field; rotation shows a new secret once (the old one still signs);
// deleting asks first. And the service's disabled notice, with "Enable again".
import { expect, test, type Locator, type Page } from "@playwright/test";
import { call } from "../fixtures/api";
import { createApiKey, openPage, signUp } from "../fixtures/console";
import { startReceiver, type Receiver } from "../fixtures/receiver";

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

const subscribed = (card: Locator) => card.getByRole("list", { name: "Subscribed events" }).getByRole("listitem");
const pings = (secret: string) => receiver.signedWith(secret).filter((d) => d.json?.type === "webhook.ping");

async function addEndpoint(page: Page, url: string, events: string[], description?: string) {
  await page.getByLabel("Endpoint URL").fill(url);
  for (const event of events) await page.getByRole("checkbox", { name: event, exact: true }).check();
  if (description) await page.getByLabel("Description (optional)").fill(description);
  await page.getByRole("button", { name: "Add endpoint" }).click();
}

async function takeSecret(scope: Page | Locator): Promise<string> {
  const shown = scope.getByTestId("webhook-secret");
  await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  return (await shown.textContent())!;
}

test("an endpoint added in the console receives a signed test event; rotate, retry and delete", async ({ page }) => {
  await signUp(page, "Hooks");
  await openPage(page, "Webhooks", /\/webhooks$/);
  await expect(page.getByTestId("no-webhooks")).toBeVisible();

  // A private address is refused, with the reason at the URL field.
  await addEndpoint(page, "https://10.0.0.1/hook", ["*"]);
  const urlField = page.getByLabel("Endpoint URL");
  await expect(urlField).toHaveAttribute("aria-invalid", "true");
  await expect(urlField).toHaveAccessibleDescription(/This URL points at 10\.0\.0\.1, a private network address; webhooks go only to public addresses/);
  await expect(page.getByTestId("no-webhooks")).toBeVisible();

  // No event chosen: said at the events, nothing sent.
  await page.getByRole("checkbox", { name: "*", exact: true }).uncheck();
  await urlField.fill(receiver.url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByRole("group", { name: "Events" })).toHaveAccessibleDescription("Choose at least one event.");

  await addEndpoint(page, receiver.url, ["instance.*", "billing.credits_added"], "console spec");
  const secret = await takeSecret(page);
  await expect(page.getByText("it is shown only once")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy secret" })).toBeVisible();
  const card = page.getByTestId("webhook").filter({ hasText: receiver.url });
  await expect(subscribed(card)).toHaveText(["instance.*", "billing.credits_added"]);
  await expect(card).toContainText("console spec");
  await expect(card.getByTestId("webhook-state")).toHaveText("Enabled");
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

  // The test event, signed with the secret the page showed; the log shows it succeeded.
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => pings(secret).length).toBe(1);
  const delivery = card.getByTestId("delivery");
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText("webhook.ping");
  await expect(delivery.getByTestId("delivery-status")).toHaveText("Succeeded");
  await expect(delivery.getByTestId("delivery-attempt")).toContainText(/Attempt 1\s*HTTP 200/);
  expect(pings(secret)[0].json.data.webhook_id).toBe(await card.getAttribute("data-webhook-id"));

  // Retry sends the same event again (same webhook-id), as a second attempt in the log.
  await delivery.getByRole("button", { name: /^Retry the webhook\.ping delivery/ }).click();
  await expect.poll(() => pings(secret).length).toBe(2);
  const [first, again] = pings(secret);
  expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  await expect(delivery.getByTestId("delivery-attempt")).toHaveCount(2);
  await expect(delivery.getByTestId("delivery-status")).toHaveText("Succeeded");

  // Rotation: confirmed first, the new secret shown once, the old one still signing beside it.
  await card.getByRole("button", { name: `Rotate the signing secret of ${receiver.url}` }).click();
  await expect(card).toContainText("the old one keeps signing beside it for 24 h");
  await card.getByRole("button", { name: "Confirm rotate" }).click();
  const rotated = await takeSecret(card);
  expect(rotated).not.toBe(secret);
  await expect(card).toContainText("shown only once");
  await expect(card).toContainText(/old secret keeps signing beside it for 24 h/);
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => pings(rotated).length).toBe(1);
  expect(pings(secret)).toHaveLength(3);
  await card.getByRole("button", { name: "I have stored it" }).click();
  await expect(card.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(card).toContainText("the previous secret also signs until");
  await expect(card.getByTestId("delivery")).toHaveCount(2);
  await expect(card.getByTestId("delivery-status").first()).toHaveText("Succeeded");

  // Nothing secret stays on the page after a reload.
  await page.reload();
  expect(await page.content()).not.toContain(rotated);

  // Deleting asks first; cancelling keeps it.
  const reloadedCard = page.getByTestId("webhook").filter({ hasText: receiver.url });
  await reloadedCard.getByRole("button", { name: `Delete the endpoint ${receiver.url}` }).click();
  await reloadedCard.getByRole("button", { name: "Cancel" }).click();
  await expect(reloadedCard).toHaveCount(1);
  await reloadedCard.getByRole("button", { name: `Delete the endpoint ${receiver.url}` }).click();
  await reloadedCard.getByRole("button", { name: "Confirm delete" }).click();
  await expect(reloadedCard).toHaveCount(0);
  await expect(page.getByTestId("no-webhooks")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("no-webhooks")).toBeVisible();
});

test("an endpoint that answers 410 is disabled with the reason shown, and enabled again; events and URL are edited", async ({ page }) => {
  await signUp(page, "Gone");
  await openPage(page, "Webhooks", /\/webhooks$/);

  // A chosen pattern covers its family: shown checked and locked, only the pattern is sent.
  const created = page.getByRole("checkbox", { name: "instance.created", exact: true });
  await created.check();
  await page.getByRole("checkbox", { name: "instance.*", exact: true }).check();
  await expect(created).toBeChecked();
  await expect(created).toBeDisabled();
  receiver.answer(410);
  await addEndpoint(page, receiver.url, []);
  const secret = await takeSecret(page);
  const card = page.getByTestId("webhook").filter({ hasText: receiver.url });
  await expect(subscribed(card)).toHaveText(["instance.*"]);

  await card.getByRole("button", { name: "Send test event" }).click();
  // A first attempt lost to a busy machine is retried after about 5 s; the 410 then ends it.
  await expect(card.getByTestId("delivery-status")).toHaveText("Failed", { timeout: 30_000 });
  await expect(card.getByTestId("delivery-attempt")).toContainText("HTTP 410");
  await expect(card.getByTestId("webhook-state")).toHaveText("Disabled by Switchyard");
  const notice = card.getByTestId("webhook-disabled-notice");
  await expect(notice).toContainText("The endpoint answered 410 Gone");
  await expect(card.getByRole("button", { name: "Send test event" })).toBeDisabled();
  expect(pings(secret)).toHaveLength(1);

  receiver.answer(204);
  await notice.getByRole("button", { name: "Enable again" }).click();
  await expect(card.getByTestId("webhook-state")).toHaveText("Enabled");
  await expect(notice).toHaveCount(0);
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => pings(secret).length).toBe(2);
  await expect(card.getByTestId("delivery-status").first()).toHaveText("Succeeded");

  // Pausing by hand: a plain "Disabled", no service notice; then on again.
  await card.getByRole("button", { name: "Disable", exact: true }).click();
  await expect(card.getByTestId("webhook-state")).toHaveText("Disabled");
  await expect(card.getByTestId("webhook-disabled-notice")).toHaveCount(0);
  await card.getByRole("button", { name: "Enable", exact: true }).click();
  await expect(card.getByTestId("webhook-state")).toHaveText("Enabled");

  // Edit: a refused URL is said at the field; events and description change.
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("Endpoint URL").fill("http://169.254.169.254/latest/meta-data");
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByLabel("Endpoint URL")).toHaveAccessibleDescription(/^This URL points at 169\.254\.169\.254, a link-local address/);
  await card.getByLabel("Endpoint URL").fill(receiver.url);
  await card.getByRole("checkbox", { name: "instance.*", exact: true }).uncheck();
  await expect(card.getByRole("checkbox", { name: "instance.created", exact: true })).not.toBeChecked();
  await card.getByRole("checkbox", { name: "instance.deleted", exact: true }).check();
  await card.getByRole("checkbox", { name: "snapshot.completed", exact: true }).check();
  await card.getByLabel("Description (optional)").fill("deletions and snapshots");
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(subscribed(card)).toHaveText(["instance.deleted", "snapshot.completed"]);
  await expect(card).toContainText("deletions and snapshots");
  await expect(card.getByTestId("webhook-url")).toHaveText(receiver.url);
});

test("past ten endpoints a search narrows them by URL or description on the server", async ({ page }) => {
  await signUp(page, "Many hooks");
  const key = await createApiKey(page, "hooks");
  await page.getByRole("button", { name: "I have stored it" }).click();
  for (let i = 0; i < 11; i++) {
    const body = { url: `http://127.0.0.1:4999/hooks/${i === 6 ? "orders" : `n${i}`}`, events: ["billing.charged"], ...(i === 2 ? { description: "Payroll sync" } : {}) };
    const made = await call("POST", "/v1/webhooks", { key, body });
    expect(made.status, made.text).toBe(201);
  }
  await openPage(page, "Webhooks", /\/webhooks$/);
  const cards = page.getByTestId("webhook");
  await expect(cards).toHaveCount(11);
  const search = page.getByRole("searchbox", { name: "Search endpoints by URL" });
  await search.fill("ORDERS");
  await expect(cards).toHaveCount(1);
  await expect(cards).toHaveAttribute("aria-label", "Endpoint http://127.0.0.1:4999/hooks/orders");
  await search.fill("payroll");
  await expect(cards).toHaveCount(1);
  await search.fill("nothing like this");
  await expect(page.getByTestId("no-match")).toBeVisible();
  await search.fill("");
  await expect(cards).toHaveCount(11);
});
