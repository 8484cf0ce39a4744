// Pages stay light: the chart library arrives only on a page that draws a chart, and after the
// page's own content; every page without a chart loads at most JS_BOUND of JavaScript
// (uncompressed); the console has a favicon.
import { expect, test, type Page } from "@playwright/test";
import { consoleLinks } from "../../components/console/console-links";
import { call } from "../fixtures/api";
import { createApiKey, openPage, signUp } from "../fixtures/console";

/**
 * The bound on a page without a chart, in uncompressed bytes of JavaScript. Issue 42 asked for
 * 350 KB, which is below what the framework alone ships to any page (React DOM 229 KB, Next's
 * router 166 KB, its runtime 44 KB: 439 KB before one line of ours; measured on the 404 page's
 * chunks). The bound holds the console's pages where they are (540-630 KB, the chart library's
 * 436 KB never among them) so that a heavy import anywhere fails here.
 */
const JS_BOUND = 640 * 1024;
const CHARTED = ["/overview", "/usage"];

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

/** The uncompressed JavaScript a page loads, in bytes, once it has settled. */
async function pageJs(page: Page, path: string): Promise<number> {
  const sizes = new Map<string, Promise<number>>();
  const collect = (response: import("@playwright/test").Response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) sizes.set(response.url(), response.body().then((body) => body.length, () => 0));
  };
  page.on("response", collect);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  return (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0);
}

test("every page without a chart loads at most 640 KB of JavaScript", async ({ page }) => {
  test.setTimeout(240_000);
  const signedOut = ["/sign-in", "/sign-up", "/forgot-password", "/docs"];
  const rows: { page: string; kb: number }[] = [];
  for (const path of signedOut) rows.push({ page: path, kb: Math.round((await pageJs(page, path)) / 1024) });
  await signUp(page, "Weight");
  for (const { href } of [...consoleLinks, { href: "/projects" }, { href: "/no-such-page" }]) {
    rows.push({ page: href, kb: Math.round((await pageJs(page, href)) / 1024) });
  }
  console.table(rows);
  for (const row of rows.filter((r) => !CHARTED.includes(r.page))) {
    expect.soft(row.kb * 1024, `${row.page} loads ${row.kb} KB of JavaScript`).toBeLessThanOrEqual(JS_BOUND);
  }
});

test("the Overview's numbers are shown before its chart's library has arrived", async ({ page }) => {
  await signUp(page, "First");
  const key = await createApiKey(page, "numbers first");
  const res = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "Numbers first: say hello." } });
  expect(res.status, res.text).toBe(200);
  // Hold back the chart library's script until the numbers are on screen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldBack = false;
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("recharts-wrapper")) {
      heldBack = true;
      await held;
    }
    await route.fulfill({ response, body });
  });
  await page.goto("/overview");
  await expect(page.getByTestId("dashboard-balance")).toBeVisible();
  await expect(page.getByTestId("dashboard-balance")).toHaveText(/\d/);
  await expect(page.getByTestId("spend-chart")).toHaveCount(0);
  await expect.poll(() => heldBack, { timeout: 20_000 }).toBe(true);
  release();
  await expect(page.getByTestId("spend-chart")).toBeVisible();
});
