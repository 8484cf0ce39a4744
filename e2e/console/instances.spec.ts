// Instances in the console: made in the UI (after the SSH key it needs), followed to running while
// the page stays put, powered off, snapshotted, deleted after confirming. The badges change by
// themselves: the page is never reloaded between steps (a marker on `window` would not survive one).
import { expect, test, type Page } from "@playwright/test";
import { openSshKey } from "../fixtures/cloud";
import { openPage, signUp } from "../fixtures/console";

const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const samePage = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

test("an instance created in the console comes up, powers off, takes a snapshot and is deleted, live", async ({ page }) => {
  await signUp(page, "Instances");
  await openPage(page, "Instances", /\/instances$/);
  await expect(page.getByTestId("no-instances")).toBeVisible();

  // Without an SSH key the form says so and leads to the SSH keys page.
  await page.getByRole("button", { name: "New instance" }).click();
  await expect(page.getByTestId("no-ssh-keys-for-instance")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create instance" })).toBeDisabled();
  await page.getByRole("link", { name: "Add an SSH key" }).click();
  await expect(page).toHaveURL(/\/ssh-keys$/);
  await page.getByLabel("Name", { exact: true }).fill("deploy");
  await page.getByLabel("Public key").fill(openSshKey());
  await page.getByRole("button", { name: "Add SSH key" }).click();
  await expect(page.getByTestId("ssh-key-row")).toHaveCount(1);

  await openPage(page, "Instances", /\/instances$/);
  await page.getByRole("button", { name: "New instance" }).click();
  const form = page.getByRole("form", { name: "Create an instance" });
  await expect(form.getByLabel("SSH key")).toHaveValue(/^ssh_/);
  // This cloud simulates its machines, and the form says so before anything is made.
  await expect(form.getByTestId("simulated-note")).toContainText("Simulated: this cloud runs no machines");
  await form.getByLabel("Image").selectOption("debian-12");
  await form.getByLabel("Region").selectOption("ams1");
  await form.getByRole("radio", { name: /s-2vcpu-4gb/ }).check();
  await expect(form.getByRole("radio", { name: /s-2vcpu-4gb/ })).toBeChecked();
  await expect(form.getByRole("group", { name: "Plan" })).toContainText("2 vCPUs · 4 GB memory · 80 GB disk");
  const hostname = form.getByLabel("Hostname");
  await hostname.fill("Web_1");
  await form.getByRole("button", { name: "Create instance" }).click();
  await expect(hostname).toHaveAccessibleDescription(/lowercase letters, digits and hyphens/);

  await markPage(page);
  await hostname.fill("web-1");
  await form.getByRole("button", { name: "Create instance" }).click();
  const progress = page.getByTestId("provisioning-progress");
  await expect(progress.getByTestId("instance-status")).toHaveText("provisioning");
  await expect(progress.getByTestId("instance-status")).toHaveText("running");
  await expect(progress.getByRole("status")).toHaveText(/^web-1 is running at 203\.0\.113\.\d+\.$/);
  const row = page.getByTestId("instance-row").filter({ hasText: "web-1" });
  await expect(row.getByTestId("instance-status")).toHaveText("running");
  await expect(row).toContainText("s-2vcpu-4gb");
  await expect(row).toContainText("ams1");
  expect(await samePage(page)).toBe(true);

  await progress.getByRole("link", { name: "Open instance" }).click();
  await expect(page).toHaveURL(/\/instances\/ins_[0-9a-z]+$/);
  await markPage(page);
  const status = page.getByRole("main").getByTestId("instance-status").first();
  await expect(page.getByRole("heading", { name: "web-1" })).toBeVisible();
  await expect(status).toHaveText("running");
  await expect(page.getByTestId("engine-simulated")).toHaveText("Simulated: no machine exists; nothing answers at its address");
  await expect(page.getByRole("button", { name: "Power on" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Power on" })).toHaveAccessibleDescription("Power on needs the instance stopped; it is running.");

  await page.getByRole("button", { name: "Power off" }).click();
  await expect(status).toHaveText("stopped");
  await expect(page.getByRole("button", { name: "Power off" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Power on" })).toBeEnabled();

  // A resize (a plan change) while stopped: the instance moves through resizing and stays stopped.
  const resize = page.getByRole("form", { name: "Resize" });
  await expect(resize.getByRole("button", { name: "Resize" })).toBeDisabled(); // the current plan is chosen
  await resize.getByLabel("Plan").selectOption("c-4vcpu-8gb");
  await expect(resize.getByTestId("resize-plan-detail")).toHaveText("4 vCPUs · 8 GB memory · 160 GB disk · 0.12 credits per hour");
  await resize.getByRole("button", { name: "Resize" }).click();
  await expect(resize.getByRole("option", { name: "c-4vcpu-8gb (current)" })).toHaveCount(1);
  await expect(status).toHaveText("stopped");

  // Hostname and backups change at once.
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Hostname").fill("web-one");
  await settings.getByLabel("Take backups automatically").check();
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "web-one" })).toBeVisible();
  await expect(settings.getByRole("status")).toHaveText("Saved.");

  const snapshots = page.getByRole("form", { name: "Take a snapshot" });
  await snapshots.getByLabel(/Snapshot name/).fill("before upgrade");
  await snapshots.getByRole("button", { name: "Take snapshot" }).click();
  const snapshot = page.getByTestId("snapshot-row").filter({ hasText: "before upgrade" });
  await expect(snapshot.getByTestId("image-status")).toHaveText("available");
  await expect(snapshot).toContainText("64 GB"); // 40 % of the resized plan's 160 GB disk
  await expect(status).toHaveText("stopped");

  // Every piece of work so far, newest first, each completed.
  const actions = page.getByTestId("action-row");
  await expect(actions).toHaveCount(4);
  await expect(actions.nth(0)).toContainText("Snapshot");
  await expect(actions.nth(1)).toContainText("Resize");
  await expect(actions.nth(2)).toContainText("Power off");
  await expect(actions.nth(3)).toContainText("Create");
  await expect(actions.getByTestId("action-status")).toHaveText(["completed", "completed", "completed", "completed"]);

  await page.getByRole("button", { name: "Delete instance web-one" }).click();
  await expect(status).toHaveText("stopped"); // nothing happens before the confirmation
  await page.getByRole("button", { name: "Confirm delete" }).click();
  await expect(status).toHaveText(/^(deleting|deleted)$/);
  await expect(status).toHaveText("deleted");
  await expect(page.getByText("This instance was deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: "Power on" })).toHaveCount(0);
  await expect(snapshot.getByTestId("image-status")).toHaveText("available");
  expect(await samePage(page)).toBe(true);

  await page.getByRole("main").getByRole("link", { name: "Instances" }).click();
  await expect(page.getByTestId("no-instances")).toBeVisible();
});

test("a charge names its instance; a snapshot starts a new instance; a failed instance says why", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, "Restore");
  await openPage(page, "SSH keys", /\/ssh-keys$/);
  await page.getByLabel("Name", { exact: true }).fill("deploy");
  await page.getByLabel("Public key").fill(openSshKey());
  await page.getByRole("button", { name: "Add SSH key" }).click();
  await expect(page.getByRole("form", { name: "Add an SSH key" }).getByRole("status")).toHaveText("Added deploy.");

  await openPage(page, "Instances", /\/instances$/);
  await page.getByRole("button", { name: "New instance" }).click();
  let form = page.getByRole("form", { name: "Create an instance" });
  await expect(form.getByLabel("Start from")).toHaveCount(0); // no snapshot yet
  // This cloud simulates its machines, and the form says so before anything is made.
  await expect(form.getByTestId("simulated-note")).toContainText("Simulated: this cloud runs no machines");
  await form.getByLabel("Image").selectOption("debian-12");
  await form.getByRole("radio", { name: /s-2vcpu-4gb/ }).check();
  await form.getByLabel("Hostname").fill("origin");
  await form.getByRole("button", { name: "Create instance" }).click();
  const progress = page.getByTestId("provisioning-progress");
  await expect(progress.getByTestId("instance-status")).toHaveText("running");
  await progress.getByRole("link", { name: "Open instance" }).click();
  await expect(page).toHaveURL(/\/instances\/ins_[0-9a-z]+$/);
  const originUrl = page.url();

  // Its compute hour on the Billing page names it and links to it.
  await openPage(page, "Billing", /\/billing$/);
  const charge = page.getByTestId("ledger-row").filter({ hasText: "Compute: an hour of origin (s-2vcpu-4gb)" }).first();
  await expect(charge).toBeVisible();
  await charge.getByTestId("ledger-resource").getByRole("link").click();
  await expect(page).toHaveURL(originUrl);

  const take = page.getByRole("form", { name: "Take a snapshot" });
  await take.getByLabel(/Snapshot name/).fill("golden");
  await take.getByRole("button", { name: "Take snapshot" }).click();
  const snapshot = page.getByTestId("snapshot-row").filter({ hasText: "golden" });
  await expect(snapshot.getByTestId("image-status")).toHaveText("available");
  await expect(snapshot).toContainText("32 GB");
  await snapshot.getByRole("link", { name: "New instance from snapshot golden" }).click();

  // The form starts from the snapshot, with its image; a plan whose disk is too small is refused there.
  await expect(page).toHaveURL(/\/instances\?snapshot=snap_/);
  form = page.getByRole("form", { name: "Create an instance" });
  await expect(form.getByLabel("Start from")).toHaveValue(/^snap_/);
  await expect(form.getByLabel("Image")).toHaveValue("debian-12");
  await expect(form.getByLabel("Image")).toBeDisabled();
  await form.getByLabel("Hostname").fill("restored");
  await form.getByRole("radio", { name: /s-1vcpu-1gb/ }).check();
  await form.getByRole("button", { name: "Create instance" }).click();
  await expect(form.getByRole("group", { name: "Plan" })).toContainText("needs a disk of at least 32 GB");
  await form.getByRole("radio", { name: /s-2vcpu-4gb/ }).check();
  await form.getByRole("button", { name: "Create instance" }).click();
  await expect(progress.getByTestId("instance-status")).toHaveText("running");
  await progress.getByRole("link", { name: "Open instance" }).click();
  await expect(page.getByRole("heading", { name: "restored" })).toBeVisible();
  await expect(page.getByText("Restored from")).toBeVisible();

  // No room for the largest plan in nyc1 on the test hypervisor: the instance fails and says why.
  await page.getByRole("main").getByRole("link", { name: "Instances" }).click();
  await page.getByRole("button", { name: "New instance" }).click();
  form = page.getByRole("form", { name: "Create an instance" });
  await form.getByLabel("Region").selectOption("nyc1");
  await form.getByRole("radio", { name: /m-8vcpu-64gb/ }).check();
  await form.getByLabel("Hostname").fill("too-big");
  await form.getByRole("button", { name: "Create instance" }).click();
  await expect(progress.getByTestId("instance-status")).toHaveText("failed");
  await expect(progress.getByRole("status")).toContainText("Region nyc1 has no capacity for plan m-8vcpu-64gb right now.");
  await progress.getByRole("link", { name: "Open instance" }).click();
  await expect(page.getByTestId("instance-failed")).toContainText("Region nyc1 has no capacity for plan m-8vcpu-64gb right now.");
  const failed = page.getByTestId("action-row");
  await expect(failed).toHaveCount(1);
  await expect(failed.getByTestId("action-status")).toHaveText("failed");
  await expect(failed.getByTestId("action-reason")).toContainText("nothing was charged");
});
