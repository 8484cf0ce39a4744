// What each operation of the real engines takes: wall time, and the CPU it costs the service's own
// process (this one: the driver, the SSH relay, the backup stream) beside the CPU of the engines
// (dockerd with containerd and the container's own processes; the S3 server for backups). Drives
// the Docker driver as the jobs do, on a fresh instance each round. Needs `npm run engines -- up`
// and its settings: `set -a; . .engines/env; set +a; npx tsx --import ./scripts/server-only.mjs bench/engines.ts [--rounds=3]`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "../server/env";
import { newId } from "../server/ids";
import { dockerDriver as driver } from "../server/cloud/driver/docker/driver";
import { closeAllRelays } from "../server/cloud/driver/docker/ssh-relay";
import type { MachineRef } from "../server/cloud/driver/types";
import { sshKeyPair, sshRun } from "../test/kits/ssh";
import { cpuMs, processTree } from "./process-cpu";
import { saveResults } from "./results";

const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 3);
const pids = JSON.parse(readFileSync(join(process.env.ENGINES_DIR ?? ".engines", "pids.json"), "utf8")) as Record<string, number>;
const key = sshKeyPair("bench");
const [first] = env.DOCKER_SSH_PORTS.split("-").map(Number);
let port = first + 60; // above the specs' slices of the range

const machine = (extra: Partial<MachineRef> = {}): MachineRef => ({
  instanceId: newId("ins"), plan: "s-1vcpu-1gb", region: "fra1", hostname: "bench", image: "debian-12-sshd",
  snapshotId: null, snapshotRef: null, backupId: null, backupStoredAt: null, sshKeys: [key.publicKey], sshPort: port++, ...extra,
});

type Sample = { wall: number; service: number; engine: number; store: number };
const samples = new Map<string, Sample[]>();

async function measure<T>(name: string, work: () => Promise<T>): Promise<T> {
  const engineTree = processTree(pids.dockerd);
  const storeTree = processTree(pids.s3rver);
  const [cpu0, engine0, store0, t0] = [process.cpuUsage(), cpuMs(engineTree), cpuMs(storeTree), performance.now()];
  const result = await work();
  const cpu = process.cpuUsage(cpu0);
  // The container's processes that ended during the work are gone from /proc: the engine figure is a lower bound.
  const sample = { wall: performance.now() - t0, service: (cpu.user + cpu.system) / 1000, engine: cpuMs(processTree(pids.dockerd)) - engine0, store: cpuMs(processTree(pids.s3rver)) - store0 };
  samples.set(name, [...(samples.get(name) ?? []), sample]);
  return result;
}

const at = (m: MachineRef) => ({ host: env.DOCKER_SSH_BIND, port: m.sshPort!, user: "root" });

for (let round = 0; round < rounds; round++) {
  const m = machine();
  await measure("create → SSH answering", () => driver.provision(m));
  await measure("one SSH login + command (through the relay)", () => sshRun(at(m), key, "true"));
  await measure("resize (live limits)", () => driver.resize(m, "s-2vcpu-4gb"));
  await measure("power off", () => driver.powerOff(m));
  await measure("power on → SSH answering", () => driver.powerOn(m));
  await measure("reboot → SSH answering", () => driver.reboot(m));
  const snapshotId = newId("snap");
  const snap = await measure("snapshot (commit)", () => driver.snapshot(m, snapshotId));
  const copy = machine({ snapshotId, snapshotRef: snap.ref });
  await measure("create from snapshot → SSH answering", () => driver.provision(copy));
  const backupId = newId("bkp");
  const backup = await measure("backup of a fresh instance (export → S3)", () => driver.backup(m, backupId));
  const restored = machine({ backupId, backupStoredAt: backup.stored!.storedAt });
  await measure("restore from backup → SSH answering", () => driver.provision(restored));
  for (const x of [copy, restored]) await driver.destroy(x);
  await measure("delete", () => driver.destroy(m));
  await measure("snapshot deleted (image removed)", () => driver.discardSnapshot(snap.ref!));
  if (round === 0) console.log(`backup size: ${backup.stored!.sizeBytes} bytes`);
}
closeAllRelays();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [...samples].map(([name, list]) => ({
  operation: name,
  wall_ms: Math.round(median(list.map((s) => s.wall))),
  service_cpu_ms: Math.round(median(list.map((s) => s.service))),
  engine_cpu_ms: Math.round(median(list.map((s) => s.engine))),
  store_cpu_ms: Math.round(median(list.map((s) => s.store))),
}));
console.table(rows);
console.log(`medians of ${rounds} rounds; written to ${saveResults("engines", { rounds, rows })}`);
