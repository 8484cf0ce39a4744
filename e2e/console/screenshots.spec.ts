// Every console page, signed in with some data, at desktop and phone width: each page renders its
// heading without an error, nothing overflows the viewport sideways, no content runs past its card
// or scrolls inside it, no button is clipped (confirmations and edit rows included), and a
// full-page screenshot is saved to test-results/screenshots/ for people to look at (never committed).
import { expect, test, type Page } from "@playwright/test";
import { consoleLinks } from "../../components/console/console-links";
import { call } from "../fixtures/api";
import { openSshKey } from "../fixtures/cloud";
import { createApiKey, signUp } from "../fixtures/console";
import { layoutProblems } from "../fixtures/fits";

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const pages = [...consoleLinks, { href: "/projects", label: "Projects" }];

/** A key that has been used (its "Last used" date widens the keys table), a generation, an SSH key, a domain with a record and a second project. */
async function someData(page: Page) {
  await page.goto("/projects");
  await page.getByLabel("Project name").fill("A second project with a long enough name");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(2);
  const key = await createApiKey(page, "screens key with a long enough name");
  const generated = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "Screens: say hello in five words." } });
  expect(generated.status, generated.text).toBe(200);
  const ssh = await call("POST", "/v1/ssh_keys", { key, body: { name: "laptop of the screens spec", public_key: openSshKey("someone@a-rather-long-host-name.example") } });
  expect(ssh.status, ssh.text).toBe(201);
  const domain = await call("POST", "/v1/domains", { key, body: { name: `screens-${Date.now()}.example.com` } });
  expect(domain.status, domain.text).toBe(201);
  const record = await call("POST", `/v1/domains/${domain.body.domain.name}/records`, { key, body: { type: "TXT", name: "_verify", value: "v=spf1 include:_spf.a-long-mail-provider.example ~all", ttl: 3600 } });
  expect(record.status, record.text).toBe(201);
}

async function expectFits(page: Page, what: string) {
  expect.soft(await layoutProblems(page), `${what}: content past its card or clipped`).toEqual([]);
}

test("every console page at desktop and phone width", async ({ page }) => {
  test.setTimeout(360_000);
  await signUp(page, "Screens");
  await someData(page);
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    for (const { href, label } of pages) {
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByText(/Could not load this/)).toHaveCount(0);
      await page.screenshot({ path: `test-results/screenshots/${href.slice(1)}-${size}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${label} at ${size} width scrolls sideways`).toBeLessThanOrEqual(0);
      await expectFits(page, `${label} at ${size} width`);
    }
    // One header row at every width; on a phone the menu names the page you are on and opens onto every page.
    await page.goto("/ssh-keys");
    const header = (await page.locator("header").first().boundingBox())!;
    expect.soft(header.height, `the header at ${size} width is one row`).toBeLessThanOrEqual(64);
    if (size === "phone") {
      const menu = page.getByRole("button", { name: /open the menu/ });
      await expect(menu).toContainText("SSH keys");
      await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
      await menu.click();
      const nav = page.getByRole("navigation", { name: "Console" });
      await expect(nav.getByRole("link", { name: "SSH keys" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
      await expectFits(page, "the open menu at phone width");
      await page.screenshot({ path: "test-results/screenshots/menu-phone.png" });
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(menu).toBeFocused();
      await menu.click();
      await nav.getByRole("link", { name: "Domains" }).click();
      await expect(page).toHaveURL(/\/domains$/);
      await expect(menu).toContainText("Domains");
      await expect(nav).toBeHidden();
    } else {
      await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "SSH keys" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: /API docs/ })).toHaveAttribute("href", "/docs");
    }
    // The states a row grows into: a revoke's confirmation, a key's edit form.
    await page.goto("/keys");
    const row = page.getByTestId("api-key-row").first();
    // A confirmation opens over its row: the table's columns keep their widths (no reflow).
    const columns = () => page.getByRole("table", { name: "API keys" }).locator("th").evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
    await expect(row).toBeVisible();
    const before = await columns();
    await row.getByRole("button", { name: /^Revoke / }).click();
    await expect(row.getByRole("button", { name: "Confirm revoke" })).toBeInViewport();
    if (size === "desktop") expect.soft(await columns(), "the keys table's columns while a revoke waits").toEqual(before);
    await expectFits(page, `API keys with a revoke to confirm at ${size} width`);
    await row.getByRole("button", { name: "Cancel" }).click();
    await row.getByRole("button", { name: /^Edit / }).click();
    await expect(page.getByTestId("api-key-edit")).toBeVisible();
    await expectFits(page, `API keys with a key being edited at ${size} width`);
    await page.screenshot({ path: `test-results/screenshots/keys-edit-${size}.png`, fullPage: true });
    // A project's delete to confirm.
    await page.goto("/projects");
    const project = page.getByTestId("project-row").last();
    await project.getByRole("button", { name: /^Delete / }).click();
    await expect(project.getByRole("button", { name: "Confirm delete" })).toBeInViewport();
    await expectFits(page, `Projects with a delete to confirm at ${size} width`);
    await page.screenshot({ path: `test-results/screenshots/projects-delete-${size}.png`, fullPage: true });
  }
});
