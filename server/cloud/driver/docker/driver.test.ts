// The Docker Engine driver against a real engine (runs when COMPUTE_DRIVER=docker: `npm run
// engines -- up`, CI's engines step): a machine you log into with its key, limited by its plan
// (seen from inside), that powers off (SSH refused) and on, keeps a file through a snapshot and a
// backup (in the real S3 store) into new machines, and leaves nothing behind when destroyed.
import { afterAll, describe, expect, it } from "vitest";
import { env } from "../../../env";
import { newId } from "../../../ids";
import { sshKeyPair, sshRun } from "../../../../test/kits/ssh";
import type { MachineRef } from "../types";
import { docker } from "./client";
import { containerName } from "./container-spec";
import { dockerDriver as driver } from "./driver";

const real = process.env.COMPUTE_DRIVER === "docker";
const key = real ? sshKeyPair() : null!;
// Ports of this file's own, above the range the servers of the e2e specs use.
let nextPort = Number(env.DOCKER_SSH_PORTS.split("-")[1]) - 12;

function machine(extra: Partial<MachineRef> = {}): MachineRef {
  return {
    instanceId: newId("ins"), plan: "s-1vcpu-1gb", region: "fra1", hostname: "drv-test", image: "debian-12-sshd",
    snapshotId: null, snapshotRef: null, backupId: null, backupStoredAt: null, sshKeys: [key.publicKey], sshPort: nextPort++, ...extra,
  };
}
const made: MachineRef[] = [];
const at = (m: MachineRef) => ({ host: env.DOCKER_SSH_BIND, port: m.sshPort!, user: "root" });
const exists = (m: MachineRef) => docker().getContainer(containerName(m.instanceId)).inspect().then(() => true, () => false);
const imageExists = (ref: string) => docker().getImage(ref).inspect().then(() => true, () => false);

afterAll(async () => {
  for (const m of made) await driver.destroy(m).catch(() => undefined);
});

describe.skipIf(!real)("the Docker Engine driver", () => {
  const first = real ? machine() : null!;

  it("provisions a machine that answers SSH with its key, limited by its plan", async () => {
    made.push(first);
    expect(await driver.provision(first)).toEqual({ ipv4: null, ipv6: null });
    const inside = await sshRun(at(first), key, "cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/pids/pids.max; ip -o link | wc -l");
    expect(inside.stderr).toBe("");
    expect(inside.stdout.split("\n").slice(0, 4)).toEqual([String(1024 * 1024 * 1024), "100000", "512", "1"]);
    // Provisioning again (a job run twice) finds the same machine.
    await driver.provision(first);
    expect((await sshRun(at(first), key, "hostname")).stdout.trim()).toBe("drv-test");
    // Another key is refused.
    expect((await sshRun(at(first), sshKeyPair(), "true")).status).toBe(255);
  });

  it("resizes live: the new limits are seen inside at once", async () => {
    await driver.resize(first, "s-2vcpu-4gb");
    const inside = await sshRun(at(first), key, "cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/pids/pids.max");
    expect(inside.stdout.trim().split("\n")).toEqual([String(4096 * 1024 * 1024), "200000", "1024"]);
  });

  it("powers off (SSH refused) and on again, keeping its disk", async () => {
    expect((await sshRun(at(first), key, "echo kept > /root/note && sync")).status).toBe(0);
    await driver.powerOff(first);
    await driver.powerOff(first); // already off: done
    const refused = await sshRun(at(first), key, "true");
    expect(refused.status).toBe(255);
    expect(refused.stderr).toMatch(/refused/i);
    await driver.powerOn(first);
    expect((await sshRun(at(first), key, "cat /root/note")).stdout.trim()).toBe("kept");
    await driver.reboot(first);
    expect((await sshRun(at(first), key, "cat /root/note")).stdout.trim()).toBe("kept");
  });

  it("snapshots into an image a new machine starts from, with the file and a key of its own", async () => {
    const snapshotId = newId("snap");
    const snap = await driver.snapshot(first, snapshotId);
    expect(snap.ref).toContain(snapshotId);
    const other = sshKeyPair();
    const copy = machine({ snapshotId, snapshotRef: snap.ref, sshKeys: [other.publicKey] });
    made.push(copy);
    await driver.provision(copy);
    expect((await sshRun(at(copy), other, "cat /root/note")).stdout.trim()).toBe("kept");
    // Its host keys are its own, not its source's.
    const hostKey = async (m: MachineRef, k: typeof key) => (await sshRun(at(m), k, "cat /etc/ssh/ssh_host_ed25519_key.pub")).stdout;
    const [mine, source] = [await hostKey(copy, other), await hostKey(first, key)];
    expect(mine).toMatch(/^ssh-ed25519 /);
    expect(mine).not.toBe(source);
    await driver.discardSnapshot(snap.ref!);
    expect(await imageExists(snap.ref!)).toBe(false);
    await driver.destroy(copy);
    expect(await exists(copy)).toBe(false);
  });

  it("backs up into the store and restores a machine from it", async () => {
    const backupId = newId("bkp");
    const taken = await driver.backup(first, backupId);
    expect(taken.stored).toMatchObject({ storedAt: expect.stringMatching(new RegExp(`^s3://.+/${first.instanceId}/${backupId}\\.tar$`)), checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(taken.stored!.sizeBytes).toBeGreaterThan(50_000_000);
    const restored = machine({ backupId, backupStoredAt: taken.stored!.storedAt });
    made.push(restored);
    await driver.provision(restored);
    expect((await sshRun(at(restored), key, "cat /root/note")).stdout.trim()).toBe("kept");
    await driver.destroy(restored);
    expect(await exists(restored)).toBe(false);
    expect(await imageExists(`switchyard-restore:${restored.instanceId}`)).toBe(false);
  });

  it("reports what the engine holds: running, stopped (why), missing", async () => {
    const states = await driver.observe!([first.instanceId, "ins_never"]);
    expect(states.get(first.instanceId)).toEqual({ state: "running" });
    expect(states.get("ins_never")).toEqual({ state: "missing" });
    await docker().getContainer(containerName(first.instanceId)).kill();
    const after = await driver.observe!([first.instanceId]);
    expect(after.get(first.instanceId)).toMatchObject({ state: "stopped", oomKilled: false });
    await driver.destroy(first);
    expect(await exists(first)).toBe(false);
  });
});
