// Tools and structured output in the playground, in Chromium against the running server and the
// fake engines: the sample tools with a required call answer with a call shown as such (its name
// and its arguments, not text), and the curl example carries them; a JSON schema run shows the
// answer as JSON; a Tools box that is not JSON is said so next to it, and nothing is sent.
import { expect, test, type Page } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";

const status = (page: Page) => page.getByTestId("playground-status");

async function openPlayground(page: Page, label: string) {
  await signUp(page, label);
  await openPage(page, "Playground", /\/playground$/);
}

test("the sample tools with a required call: the answer is a call with its arguments, and the curl example has the tools", async ({ page }) => {
  await openPlayground(page, "Playground tools");
  await page.getByRole("button", { name: "Sample tools" }).click();
  await expect(page.getByRole("textbox", { name: "Tools" })).toHaveValue(/"get_weather"/);
  await page.getByLabel("Tool choice").selectOption("required");
  await page.getByRole("textbox", { name: "Prompt" }).fill("What is the weather in Oslo?");
  await page.getByRole("button", { name: "Run" }).click();
  await expect(status(page)).toHaveText("done", { timeout: 20_000 });

  const call = page.getByTestId("playground-tool-call");
  await expect(call).toHaveCount(1);
  await expect(call.getByTestId("playground-tool-call-name")).toHaveText("get_weather");
  const args = JSON.parse((await call.getByTestId("playground-tool-call-arguments").textContent())!);
  expect(args).toEqual({ city: expect.any(String) });
  // Pretty-printed, one property a line.
  await expect(call.getByTestId("playground-tool-call-arguments")).toContainText('{\n  "city"');
  await expect(page.getByTestId("playground-output")).not.toContainText("get_weather");

  const curl = page.getByTestId("playground-curl");
  await expect(curl).toContainText('"tools":[{"type":"function","function":{"name":"get_weather"');
  await expect(curl).toContainText('"tool_choice":"required"');
});

test("a JSON schema run answers with JSON valid against the schema, and the curl example has the format", async ({ page }) => {
  await openPlayground(page, "Playground schema");
  await page.getByLabel("Response format").selectOption("json_schema");
  await page.getByRole("textbox", { name: "JSON schema" }).fill(
    JSON.stringify({ type: "object", properties: { title: { type: "string" }, year: { type: "integer" } }, required: ["title", "year"], additionalProperties: false }),
  );
  await page.getByRole("textbox", { name: "Prompt" }).fill("A film about a river.");
  await page.getByRole("button", { name: "Run" }).click();
  await expect(status(page)).toHaveText("done", { timeout: 20_000 });
  const answer = JSON.parse((await page.getByTestId("playground-output").textContent())!);
  expect(answer).toEqual({ title: expect.any(String), year: expect.any(Number) });
  await expect(page.getByTestId("playground-curl")).toContainText('"response_format":{"type":"json_schema","json_schema":{"name":"answer","schema":{"type":"object"');
});

test("a Tools box that is not JSON is named inline, and no request is sent", async ({ page }) => {
  await openPlayground(page, "Playground bad tools");
  const started: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("playground.start")) started.push(request.url());
  });
  await page.getByRole("textbox", { name: "Tools" }).fill('[{"type": "function", "function": {"name": "get_weather"}');
  await page.getByRole("textbox", { name: "Prompt" }).fill("What is the weather in Oslo?");
  await page.getByRole("button", { name: "Run" }).click();
  const tools = page.getByRole("textbox", { name: "Tools" });
  await expect(tools).toHaveAttribute("aria-invalid", "true");
  await expect(tools).toHaveAccessibleDescription(/^Tools are not valid JSON: /);
  await expect(status(page)).toHaveText("idle");
  await page.waitForTimeout(500);
  expect(started).toEqual([]);

  // Fixed, the error is gone.
  await tools.fill("[]");
  await expect(tools).not.toHaveAttribute("aria-invalid");
});
