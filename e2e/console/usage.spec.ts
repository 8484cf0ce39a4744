// The Usage page against the REST API: after two generations made over real HTTP with a key made
// in the console, its table, totals, chart and CSV file carry exactly what GET /api/public/v1/usage
// answers for that key; the filters ask the same questions as the API's query.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { createApiKey, openPage, signUp } from "../fixtures/console";
import { screenshots } from "../fixtures/screenshots";

type UsageRow = { day: string; engine: string; project_id: string; requests: number; input_tokens: number; output_tokens: number; credits: number };
type Usage = { start: string; end: string; data: UsageRow[]; totals: Omit<UsageRow, "day" | "engine" | "project_id"> };

const count = (n: number) => n.toLocaleString("en-US");
const credits = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 6 });

async function usageOf(key: string, query = ""): Promise<Usage> {
  const res = await call<Usage>("GET", `/api/public/v1/usage${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

test("the usage table, its totals, the chart and the CSV file show what GET /api/public/v1/usage answers", async ({ page }) => {
  await signUp(page, "Usage");
  await screenshots(page, "overview-empty");
  await openPage(page, "Usage", /\/usage$/);
  await expect(page.getByTestId("usage-empty")).toBeVisible();
  await screenshots(page, "usage-empty");

  const key = await createApiKey(page, "usage meter");
  for (const n of [1, 2]) {
    const res = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: `Usage page, generation ${n}: say hello in five words.` } });
    expect(res.status, res.text).toBe(200);
  }
  const api = await usageOf(key);
  expect(api.totals.requests).toBe(2);
  expect(api.totals.credits).toBeGreaterThan(0);

  await openPage(page, "Usage", /\/usage$/);
  await expect(page.getByTestId("usage-total-requests")).toHaveText(count(api.totals.requests));
  await expect(page.getByTestId("usage-total-input-tokens")).toHaveText(count(api.totals.input_tokens));
  await expect(page.getByTestId("usage-total-output-tokens")).toHaveText(count(api.totals.output_tokens));
  await expect(page.getByTestId("usage-total-credits")).toHaveText(credits(api.totals.credits));
  const rows = page.getByTestId("usage-row");
  await expect(rows).toHaveCount(api.data.length);
  for (const [i, row] of api.data.entries()) {
    await expect(rows.nth(i).locator("td")).toHaveText([
      row.day, new RegExp(row.engine, "i"), "Default project", count(row.requests), count(row.input_tokens), count(row.output_tokens), credits(row.credits),
    ]);
  }

  // The chart: an svg with one drawn bar per day and engine that has usage.
  const chart = page.getByTestId("usage-chart");
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle path")).toHaveCount(new Set(api.data.map((r) => `${r.day} ${r.engine}`)).size);
  // The axis runs over the whole range (30 days by default), not only over the days with usage.
  expect(daysIn(api.start, api.end)).toBe(30);
  const ticks = chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect(ticks.first()).toHaveText(shortDay(api.start));
  await expect(ticks.last()).toHaveText(shortDay(api.end));
  await screenshots(page, "usage-filled");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`usage-${api.start}-to-${api.end}.csv`);
  const [header, ...lines] = readFileSync(await download.path(), "utf8").trimEnd().split("\n");
  expect(header).toBe("day,engine,project_id,requests,input_tokens,output_tokens,credits");
  expect(lines.map((line) => line.split(","))).toEqual(
    api.data.map((r) => [r.day, r.engine, r.project_id, String(r.requests), String(r.input_tokens), String(r.output_tokens), String(r.credits)]),
  );

  // The filters are the API's query: an engine without usage, then the one that has it.
  const engine = api.data[0].engine;
  const filters = page.getByRole("form", { name: "Usage filters" });
  await filters.getByLabel("Engine", { exact: true }).selectOption("fire");
  expect((await usageOf(key, "?engine=fire")).totals.requests).toBe(0);
  await expect(page.getByTestId("usage-empty")).toBeVisible();
  await filters.getByLabel("Engine", { exact: true }).selectOption(engine);
  const one = await usageOf(key, `?engine=${engine}&project_id=${api.data[0].project_id}`);
  await filters.getByLabel("Project", { exact: true }).selectOption({ label: "Default project" });
  await expect(page.getByTestId("usage-total-credits")).toHaveText(credits(one.totals.credits));
  await expect(page.getByTestId("usage-total-requests")).toHaveText(count(one.totals.requests));

  // A start after the end is refused at the field, as the API refuses it.
  expect((await call("GET", `/api/public/v1/usage?start=${api.end}&end=${api.start}`, { key })).status).toBe(400);
  await filters.getByLabel("From (UTC)", { exact: true }).fill(api.end);
  await filters.getByLabel("To (UTC)", { exact: true }).fill(api.start);
  await expect(filters.getByLabel("From (UTC)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Correct the filters above to see usage.")).toBeVisible();

  await openPage(page, "Overview", /\/overview$/);
  await expect(page.getByTestId("spend-chart").locator(".recharts-bar-rectangle path")).toHaveCount(new Set(api.data.map((r) => r.day)).size);
  await screenshots(page, "overview-filled");
});

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function daysIn(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}
