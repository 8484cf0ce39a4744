// SSH keys in the console: a refused key is explained under the public key field, a good one is
// listed with the fingerprint `ssh-keygen -lf` would print, a duplicate is refused at the field,
// and deleting asks first.
import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openSshKey } from "../fixtures/cloud";
import { openPage, signUp } from "../fixtures/console";

const fingerprintOf = (line: string) => `SHA256:${createHash("sha256").update(Buffer.from(line.split(" ")[1], "base64")).digest("base64").replace(/=+$/, "")}`;

test("a bad key is refused at its field; a good one is listed with its fingerprint and deleted after confirming", async ({ page }) => {
  await signUp(page, "SSH keys");
  await openPage(page, "SSH keys", /\/ssh-keys$/);
  await expect(page.getByTestId("no-ssh-keys")).toBeVisible();

  const form = page.getByRole("form", { name: "Add an SSH key" });
  const name = form.getByLabel("Name", { exact: true });
  const publicKey = form.getByLabel("Public key");
  await name.fill("laptop");
  await publicKey.fill("ssh-rsa AAAA");
  await form.getByRole("button", { name: "Add SSH key" }).click();
  await expect(publicKey).toHaveAccessibleDescription(/not a valid ssh-rsa key/);
  await expect(publicKey).toHaveAttribute("aria-invalid", "true");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  await publicKey.fill("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----");
  await form.getByRole("button", { name: "Add SSH key" }).click();
  await expect(publicKey).toHaveAccessibleDescription(/This is a private key/);
  await expect(page.getByTestId("ssh-key-row")).toHaveCount(0);

  const good = openSshKey("me@laptop");
  await publicKey.fill(good);
  await form.getByRole("button", { name: "Add SSH key" }).click();
  const row = page.getByTestId("ssh-key-row").filter({ hasText: "laptop" });
  await expect(row.getByTestId("ssh-key-fingerprint")).toHaveText(fingerprintOf(good));
  await expect(row).toContainText("ssh-ed25519");
  await expect(publicKey).toHaveValue("");
  await expect(publicKey).not.toHaveAttribute("aria-invalid", "true");

  // The same key twice in one project: the conflict is about the key, so it is shown there.
  await name.fill("laptop again");
  await publicKey.fill(good);
  await form.getByRole("button", { name: "Add SSH key" }).click();
  await expect(publicKey).toHaveAccessibleDescription(/already in this project/);
  await expect(page.getByTestId("ssh-key-row")).toHaveCount(1);

  await page.reload();
  await expect(row.getByTestId("ssh-key-fingerprint")).toHaveText(fingerprintOf(good));
  await row.getByRole("button", { name: "Delete SSH key laptop" }).click();
  await expect(page.getByTestId("ssh-key-row")).toHaveCount(1); // nothing is deleted before the confirmation
  await row.getByRole("button", { name: "Confirm delete" }).click();
  await expect(page.getByTestId("ssh-key-row")).toHaveCount(0);
  await expect(page.getByTestId("no-ssh-keys")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("no-ssh-keys")).toBeVisible();
});
