// The playground in Chromium against the running server and the fake engines: the answer grows
// token by token before it ends, then shows its credits and routing; Stop cancels the engine call
// (the fake upstream sees the stream closed before its end); product rules answer as the API does.
import { expect, test, type Page } from "@playwright/test";
import { newTag, seen } from "../fixtures/ai";
import { openPage, signUp } from "../fixtures/console";

const output = (page: Page) => page.getByTestId("playground-output");
const status = (page: Page) => page.getByTestId("playground-status");

async function ask(page: Page, prompt: string) {
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await page.getByRole("button", { name: "Run" }).click();
}

test("an answer streams in token by token, then shows its usage, credits and routing", async ({ page }) => {
  await signUp(page, "Playground");
  await openPage(page, "Playground", /\/playground$/);
  const tag = newTag("playground");
  await ask(page, `[[tag ${tag}]] [[words 40]] [[fault * slow ms=80]] Describe a quiet walk by the river.`);
  await expect(output(page)).not.toBeEmpty();
  await expect(status(page)).toHaveText("streaming");
  const early = (await output(page).textContent())!.length;
  // Still streaming, and longer than before: the answer grows before the end.
  await expect.poll(async () => (await output(page).textContent())!.length).toBeGreaterThan(early);
  await expect(status(page)).toHaveText("streaming");
  await expect(status(page)).toHaveText("done", { timeout: 20_000 });
  const [request] = await seen(tag);
  expect(request.completed).toBe(true);
  await expect(output(page)).toHaveText(request.sent);
  await expect(page.getByTestId("playground-credits")).toHaveText(/^0\.0\d+ credits$/);
  await expect(page.getByTestId("playground-routing")).toContainText("primary");
  await expect(page.getByTestId("playground-curl")).toContainText("$SWITCHYARD_API_KEY");
  await expect(page.getByTestId("playground-curl")).not.toContainText("swk_");
  const charged = (await page.getByTestId("playground-credits").textContent())!;

  // The run is usage like any API call: the Usage page's table and chart include it, at its credits.
  await openPage(page, "Usage", /\/usage$/);
  await expect(page.getByTestId("usage-total-requests")).toHaveText("1");
  const row = page.getByTestId("usage-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/scholar/i);
  await expect(page.getByTestId("usage-total-credits")).toContainText(charged.replace(" credits", ""));
  await expect(page.getByTestId("usage-chart").locator(".recharts-bar-rectangle path")).toHaveCount(1);
});

test("Stop cancels the engine call mid-answer", async ({ page }) => {
  await signUp(page, "Playground stop");
  await openPage(page, "Playground", /\/playground$/);
  const tag = newTag("playground-stop");
  await ask(page, `[[tag ${tag}]] [[words 400]] [[fault * slow ms=60]] Describe a quiet walk by the river.`);
  await expect(output(page)).not.toBeEmpty();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(status(page)).toHaveText("stopped");
  const shown = (await output(page).textContent())!;
  // The engine saw its stream closed before the end, and nothing more reaches the page.
  await expect.poll(async () => (await seen(tag))[0]?.closed_early, { timeout: 10_000 }).toBe(true);
  const [request] = await seen(tag);
  expect(request.completed).toBe(false);
  expect(request.sent.length).toBeLessThan(request.answer.length);
  await page.waitForTimeout(500);
  expect(await output(page).textContent()).toBe(shown);
});

test("product rules answer as the API does: fire on code is refused with a suggestion to follow", async ({ page }) => {
  await signUp(page, "Playground rules");
  await openPage(page, "Playground", /\/playground$/);
  await page.getByLabel("Endpoint").selectOption("code");
  await page.getByLabel("Product").selectOption("fire");
  await ask(page, "Reverse a list in Python.");
  await expect(page.getByTestId("playground-error-code")).toHaveText("product_not_allowed");
  await page.getByRole("button", { name: "Use scholar" }).click();
  await expect(page.getByLabel("Product")).toHaveValue("scholar");
  await page.getByRole("button", { name: "Run" }).click();
  await expect(status(page)).toHaveText("done", { timeout: 20_000 });
  await expect(output(page)).not.toBeEmpty();
});
