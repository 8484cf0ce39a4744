// The compute driver: what the service asks of a hypervisor. Every call is idempotent (a job may
// run again after a crash) and resolves when the work is done, or throws when it failed.
import "server-only";
export type MachineRef = {
  instanceId: string;
  plan: string;
  region: string;
  hostname: string;
  /** The snapshot the machine's disk is restored from; null for a fresh image. */
  snapshotId: string | null;
  /** The backup the machine's disk is restored from; null unless restored from a backup. */
  backupId: string | null;
};

export type ComputeDriver = {
  provision(machine: MachineRef): Promise<{ ipv4: string; ipv6: string }>;
  powerOn(machine: MachineRef): Promise<void>;
  powerOff(machine: MachineRef): Promise<void>;
  reboot(machine: MachineRef): Promise<void>;
  resize(machine: MachineRef, plan: string): Promise<void>;
  snapshot(machine: MachineRef): Promise<{ sizeGb: number }>;
  backup(machine: MachineRef): Promise<{ sizeGb: number }>;
  destroy(machine: MachineRef): Promise<void>;
};

/**
 * A hypervisor's refusal, with the reason in words its owner may read (no host names, no internal
 * detail): the service shows it as the failed action's and instance's `status_reason`. Any other
 * error a driver throws is reported as a generic failure.
 */
export class DriverRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "DriverRefusal";
  }
}
