// A page of another origin cannot frame the console (clickjacking): the browser refuses to render
// the console inside its iframe, while the same attacker page frames an ordinary page fine.
import { expect, test } from "@playwright/test";

test("the console refuses to be framed by another origin", async ({ page, baseURL }) => {
  // localhost and 127.0.0.1 are different origins; the attacker's page is served from the first.
  const consoleUrl = `${baseURL}/sign-in`;
  const attacker = new URL(consoleUrl.replace("127.0.0.1", "localhost")).origin;
  const harmless = `${attacker}/harmless`;
  await page.route(`${attacker}/harmless`, (route) => route.fulfill({ contentType: "text/html", body: "<form><input name=q></form>" }));
  await page.route(`${attacker}/attack`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<iframe id="control" src="${harmless}"></iframe><iframe id="victim" src="${consoleUrl}"></iframe>` }),
  );
  await page.goto(`${attacker}/attack`);
  const victim = await page.locator("#victim").elementHandle();
  const control = await page.locator("#control").elementHandle();
  // The control frame renders its form: framing as such works in this browser.
  await expect.poll(async () => (await control!.contentFrame())?.locator("form").count()).toBe(1);
  await page.waitForLoadState("load");
  const frame = await victim!.contentFrame();
  expect(frame === null || !frame.url().includes("/sign-in") || (await frame.locator("form").count()) === 0).toBe(true);
  // And the console itself, opened directly, renders its form.
  await page.goto(consoleUrl);
  await expect(page.locator("form")).toHaveCount(1);
});
