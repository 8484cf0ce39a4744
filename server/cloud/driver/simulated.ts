// The built-in driver: simulates a hypervisor with realistic durations (scaled by
// COMPUTE_DRIVER_SPEED) and deterministic addresses. It can be told to fail: a hostname that
// starts with `fail-<operation>` (e.g. fail-provision, fail-snapshot) makes that operation fail.
import { createHash } from "node:crypto";
import { env } from "../../env";
import { planOf } from "../catalog";
import type { ComputeDriver, MachineRef } from "./types";

const SECONDS = { provision: 20, powerOn: 6, powerOff: 5, reboot: 8, resize: 15, snapshot: 12, backup: 10, destroy: 4 };
type Operation = keyof typeof SECONDS;

async function work(operation: Operation, machine: MachineRef): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SECONDS[operation] * 1000 * env.COMPUTE_DRIVER_SPEED));
  if (machine.hostname.startsWith(`fail-${operation.toLowerCase()}`)) {
    throw new Error(`simulated ${operation} failure`);
  }
}

function addresses(instanceId: string) {
  const h = createHash("sha256").update(instanceId).digest();
  return {
    // Documentation ranges (RFC 5737, RFC 3849): never a real host.
    ipv4: `203.0.113.${(h[0] % 253) + 1}`,
    ipv6: `2001:db8::${h.readUInt16BE(1).toString(16)}:${h.readUInt16BE(3).toString(16)}`,
  };
}

const diskOf = (machine: MachineRef) => planOf(machine.plan)?.disk_gb ?? 25;

export const simulatedDriver: ComputeDriver = {
  async provision(machine) {
    await work("provision", machine);
    return addresses(machine.instanceId);
  },
  powerOn: (machine) => work("powerOn", machine),
  powerOff: (machine) => work("powerOff", machine),
  reboot: (machine) => work("reboot", machine),
  resize: (machine) => work("resize", machine),
  async snapshot(machine) {
    await work("snapshot", machine);
    return { sizeGb: Math.ceil(diskOf(machine) * 0.4) };
  },
  async backup(machine) {
    await work("backup", machine);
    return { sizeGb: Math.ceil(diskOf(machine) * 0.4) };
  },
  destroy: (machine) => work("destroy", machine),
};
