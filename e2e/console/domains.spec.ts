// Domains in the console: a bad name and a bad record value are refused at their fields; a domain
// and its A record made in the console are the ones the REST API serves; deleting asks first.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openPage, signUp } from "../fixtures/console";

test("a domain and an A record made in the console are served by the API; bad input is refused at the field", async ({ page }) => {
  await signUp(page, "Domains");
  await openPage(page, "Domains", /\/domains$/);
  await expect(page.getByTestId("no-domains")).toBeVisible();

  const addDomain = page.getByRole("form", { name: "Add a domain" });
  const domainName = addDomain.getByLabel("Domain name");
  await domainName.fill("localhost");
  await addDomain.getByRole("button", { name: "Add domain" }).click();
  await expect(domainName).toHaveAccessibleDescription(/needs at least two labels/);

  const domain = `shop-${randomBytes(4).toString("hex")}.example`;
  await domainName.fill(domain.toUpperCase());
  await addDomain.getByRole("button", { name: "Add domain" }).click();
  const link = page.getByTestId("domain-row").getByRole("link", { name: domain });
  await expect(link).toBeVisible();
  // This cloud stores records without a name server, and says so.
  await expect(page.getByTestId("domain-row").filter({ hasText: domain }).getByTestId("zone-not-served")).toHaveText("Not served: records stored only");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/domains/${domain.replace(/\./g, "\\.")}$`));
  await expect(page.getByRole("heading", { name: domain })).toBeVisible();
  // The NS and SOA records the service keeps are listed, without edit or delete buttons.
  const kept = page.getByTestId("kept-record-row");
  await expect(kept).toHaveCount(3);
  await expect(kept.filter({ hasText: "ns1.switchyard.dev" }).first()).toBeVisible();
  await expect(kept.getByRole("button")).toHaveCount(0);

  const addRecord = page.getByRole("form", { name: "Add a record" });
  const value = addRecord.getByLabel(/^Value/);
  await addRecord.getByLabel("Type").selectOption("A");
  await addRecord.getByLabel("Name", { exact: true }).fill("www");
  await value.fill("203.0.113.300");
  await addRecord.getByRole("button", { name: "Add record" }).click();
  await expect(value).toHaveAccessibleDescription(/IPv4 address in dotted-quad form/);
  await expect(page.getByTestId("record-row")).toHaveCount(0);

  await value.fill("203.0.113.10");
  await addRecord.getByRole("button", { name: "Add record" }).click();
  const row = page.getByTestId("record-row").filter({ hasText: "203.0.113.10" });
  await expect(row).toContainText("www");
  await expect(row).toContainText("3600");

  // MX asks for a priority; the form shows the field only for MX.
  await expect(addRecord.getByLabel("Priority")).toHaveCount(0);
  await addRecord.getByLabel("Type").selectOption("MX");
  await addRecord.getByLabel("Name", { exact: true }).fill("@");
  await value.fill("mail.example.net");
  await addRecord.getByLabel("Priority").fill("5");
  await addRecord.getByRole("button", { name: "Add record" }).click();
  await expect(page.getByTestId("record-row").filter({ hasText: "mail.example.net" })).toContainText("5");

  // Edited in its row: a bad value is refused at its field, then the new value and TTL are saved.
  await row.getByRole("button", { name: `Edit record A www.${domain}` }).click();
  const edit = page.getByRole("form", { name: `Edit record A www.${domain}` });
  const newValue = edit.getByLabel(/^Value/);
  await expect(newValue).toHaveValue("203.0.113.10");
  await newValue.fill("203.0.113.999");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(newValue).toHaveAccessibleDescription(/IPv4 address in dotted-quad form/);
  await newValue.fill("203.0.113.20");
  await edit.getByLabel("TTL (s)").fill("300");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  const edited = page.getByTestId("record-row").filter({ hasText: "203.0.113.20" });
  await expect(edited).toContainText("300");
  await expect(page.getByTestId("record-row")).toHaveCount(2);

  // The same records through the REST API, with a read key made on the API keys page.
  await openPage(page, "API keys", /\/keys$/);
  await page.getByLabel("Key name").fill("dns reader");
  await page.getByLabel("Scope").selectOption("read");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!;
  const listed = await page.request.get(`/v1/domains/${domain}/records`, { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  const records = (await listed.json()).records as { type: string; name: string; fqdn: string; value: string }[];
  expect(records).toContainEqual(expect.objectContaining({ type: "A", name: "www", fqdn: `www.${domain}`, value: "203.0.113.20", ttl: 300 }));
  expect(records.filter((r) => r.type !== "NS" && r.type !== "SOA")).toHaveLength(2);
  expect(records.filter((r) => r.type === "NS").map((r) => r.value).sort()).toEqual(["ns1.switchyard.dev", "ns2.switchyard.dev"]);

  await openPage(page, "Domains", /\/domains$/);
  await page.getByTestId("domain-row").getByRole("link", { name: domain }).click();
  await edited.getByRole("button", { name: `Delete record A www.${domain}` }).click();
  await edited.getByRole("button", { name: "Confirm delete" }).click();
  await expect(page.getByTestId("record-row")).toHaveCount(1);
  const afterDelete = await page.request.get(`/v1/domains/${domain}/records`, { headers: { authorization: `Bearer ${key}` } });
  expect((await afterDelete.json()).records.map((r: { type: string }) => r.type)).toEqual(["MX", "NS", "NS", "SOA"]);

  await page.getByRole("main").getByRole("link", { name: "Domains" }).click();
  const domainRow = page.getByTestId("domain-row").filter({ hasText: domain });
  await domainRow.getByRole("button", { name: `Delete domain ${domain}` }).click();
  await domainRow.getByRole("button", { name: "Delete with its records" }).click();
  await expect(page.getByTestId("no-domains")).toBeVisible();
  const gone = await page.request.get(`/v1/domains/${domain}`, { headers: { authorization: `Bearer ${key}` } });
  expect(gone.status()).toBe(404);
});
