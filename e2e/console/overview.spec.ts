// The Overview: balance as the billing API answers it, the selected project's running instances
// and its failed webhook deliveries, each made over the real REST API with a key from the console.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { newInstance, waitForStatus } from "../fixtures/cloud";
import { createApiKey, openPage, signUp } from "../fixtures/console";
import { screenshots } from "../fixtures/screenshots";
import { state } from "../fixtures/state";

test("the overview shows the balance, a running instance and a failed webhook delivery of the project", async ({ page }) => {
  await signUp(page, "Overview");
  await expect(page.getByTestId("dashboard-balance")).toHaveText("5.00 credits");
  await expect(page.getByTestId("running-instances").getByText("No instance is running in Default project")).toBeVisible();
  await expect(page.getByTestId("failed-deliveries").getByText("No failed deliveries in Default project")).toBeVisible();

  const key = await createApiKey(page, "overview");
  // An endpoint nobody listens on (a port of this run's range left unused): every attempt fails.
  const deadPort = new URL(state().baseURL).port ? Number(new URL(state().baseURL).port) + 29 : 0;
  const hook = await call("POST", "/v1/webhooks", { key, body: { url: `http://127.0.0.1:${deadPort}/hook`, events: ["instance.*"] } });
  expect(hook.status, hook.text).toBe(201);
  const instance = await newInstance(key, { hostname: "overview-web-1" });
  try {
    await waitForStatus(key, instance.id, "running");
    // The instance's first hour is charged once it runs; the balance then holds still for an hour.
    let balance = 5;
    await expect.poll(async () => (balance = (await call("GET", "/v1/billing", { key })).body.balance)).toBeLessThan(5);
    await openPage(page, "Overview", /\/overview$/);
    const running = page.getByTestId("running-instance");
    await expect(running).toHaveCount(1);
    await expect(running).toContainText("overview-web-1");
    const failed = page.getByTestId("failed-delivery").filter({ hasText: "instance.created" });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText(`127.0.0.1:${deadPort}/hook`);
    await expect(page.getByTestId("dashboard-balance")).toHaveText(`${balance.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} credits`);
    await expect(page.getByTestId("dashboard-balance").locator("[title]")).toHaveAttribute("title", `${balance.toLocaleString("en-US", { maximumFractionDigits: 6 })} credits exactly`);
    await screenshots(page, "overview-instances");
  } finally {
    await call("DELETE", `/v1/instances/${instance.id}`, { key });
  }
});
