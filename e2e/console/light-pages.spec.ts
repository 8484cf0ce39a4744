// Pages stay light: the chart library arrives only on a page that draws a chart, and the console has
// a favicon.
import { expect, test, type Page } from "@playwright/test";
import { call } from "../fixtures/api";
import { createApiKey, openPage, signUp } from "../fixtures/console";

/** Whether any script the page loaded is the chart library's (its class names are in its code). */
async function loadsCharts(page: Page, path: string, drawn?: string): Promise<boolean> {
  const scripts: Promise<string>[] = [];
  const collect = (response: import("@playwright/test").Response) => {
    if (response.url().endsWith(".js")) scripts.push(response.text().catch(() => ""));
  };
  page.on("response", collect);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A chart's library is imported after the page hydrates: on a loaded machine that can come after
  // the network was idle for a moment, so a page that draws one is watched until it is drawn.
  if (drawn) await expect(page.getByTestId(drawn)).toBeVisible();
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  return (await Promise.all(scripts)).some((code) => code.includes("recharts-wrapper"));
}

test("the chart library loads only where a chart is drawn; the console has a favicon", async ({ page }) => {
  await signUp(page, "Light");
  const key = await createApiKey(page, "light pages");
  const res = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "Light pages: say hello." } });
  expect(res.status, res.text).toBe(200);
  for (const path of ["/billing", "/keys", "/instances"]) expect(await loadsCharts(page, path), `${path} loads the chart library`).toBe(false);
  expect(await loadsCharts(page, "/usage", "usage-chart"), "the usage page draws its chart").toBe(true);
  await expect(page.getByTestId("usage-chart")).toBeVisible();
  await openPage(page, "Overview", /\/overview$/);
  await expect(page.getByTestId("spend-chart")).toBeVisible();

  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveAttribute("href", /icon/);
  const served = await page.request.get((await icon.getAttribute("href"))!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("svg");
});
