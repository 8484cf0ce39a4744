// The built-in driver: simulates a hypervisor with realistic durations (scaled by
// COMPUTE_DRIVER_SPEED) and deterministic addresses. It fails the way a real one does when the
// operator says so: COMPUTE_DRIVER_FAULTS lists `operation@region[:plan]` (a region out of capacity
// for a plan, a storage fault during snapshots...), each refused with a reason its owner can read.
import "server-only";
import { createHash } from "node:crypto";
import { env } from "../../env";
import { planOf } from "../catalog";
import { DriverRefusal, type ComputeDriver, type MachineRef } from "./types";

const SECONDS = { provision: 20, powerOn: 6, powerOff: 5, reboot: 8, resize: 15, snapshot: 12, backup: 10, destroy: 4 };
export type DriverOperation = keyof typeof SECONDS;

/** Why a faulted operation fails, as a real hypervisor would say it. */
const refusals: Record<DriverOperation, (region: string, plan: string) => string> = {
  provision: (region, plan) => `Region ${region} has no capacity for plan ${plan} right now.`,
  resize: (region, plan) => `Region ${region} has no capacity for plan ${plan} right now.`,
  snapshot: () => "The snapshot could not be written to storage.",
  backup: () => "The backup could not be written to storage.",
  powerOn: () => "The hypervisor could not start the machine.",
  powerOff: () => "The hypervisor could not stop the machine.",
  reboot: () => "The hypervisor could not restart the machine.",
  destroy: () => "The hypervisor could not release the machine's disk.",
};

type Fault = { operation: string; region: string; plan?: string };

/** `provision@nyc1:m-8vcpu-64gb,snapshot@ams1` → faults; read once. */
const faults: Fault[] = (env.COMPUTE_DRIVER_FAULTS ?? "")
  .split(",")
  .map((item) => item.trim())
  .filter(Boolean)
  .map((item) => {
    const [operation, where = ""] = item.split("@");
    const [region, plan] = where.split(":");
    return { operation, region, plan };
  });

/** `plan` is the one the operation needs (a resize's target plan, else the machine's). */
async function work(operation: DriverOperation, machine: MachineRef, plan = machine.plan): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SECONDS[operation] * 1000 * env.COMPUTE_DRIVER_SPEED));
  const faulted = faults.some((f) => f.operation === operation && f.region === machine.region && (f.plan === undefined || f.plan === plan));
  if (faulted) throw new DriverRefusal(refusals[operation](machine.region, plan));
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
  resize: (machine, plan) => work("resize", machine, plan),
  async snapshot(machine) {
    await work("snapshot", machine);
    return { sizeGb: Math.ceil(diskOf(machine) * 0.4), ref: null };
  },
  async backup(machine) {
    await work("backup", machine);
    // Nothing is stored: a simulated disk holds no bytes.
    return { sizeGb: Math.ceil(diskOf(machine) * 0.4), stored: null };
  },
  destroy: (machine) => work("destroy", machine),
  discardSnapshot: async () => undefined,
};
