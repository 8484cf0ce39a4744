// The compute driver: what the service asks of a hypervisor. Every call is idempotent (a job may
// run again after a crash) and resolves when the work is done, or throws when it failed. Drivers
// are picked per instance by its `engine` (index.ts); a new engine (Incus next) is one more value.
import "server-only";

export type MachineRef = {
  instanceId: string;
  plan: string;
  region: string;
  hostname: string;
  /** The image of GET /v1/images it is made from. */
  image: string;
  /** The snapshot the machine's disk is restored from; null for a fresh image. */
  snapshotId: string | null;
  /** The engine's name of that snapshot (docker: the committed image); null when simulated. */
  snapshotRef: string | null;
  /** The backup the machine's disk is restored from; null unless restored from a backup. */
  backupId: string | null;
  /** Where the backup store holds that backup; null when simulated. */
  backupStoredAt: string | null;
  /** OpenSSH public keys root may log in with. */
  sshKeys: string[];
  /** The loopback port its SSH relay listens on (docker); null when simulated. */
  sshPort: number | null;
};

/** What the backup store (server/cloud/backups/store/) holds of a backup. */
export type StoredBackup = { sizeBytes: number; checksum: string; storedAt: string };

/** What the engine says of a machine, for the reconcile and the engine's events. */
export type MachineState =
  | { state: "running" }
  | { state: "stopped"; exitCode: number | null; oomKilled: boolean }
  | { state: "missing" };

export type ComputeDriver = {
  provision(machine: MachineRef): Promise<{ ipv4: string | null; ipv6: string | null }>;
  powerOn(machine: MachineRef): Promise<void>;
  powerOff(machine: MachineRef): Promise<void>;
  reboot(machine: MachineRef): Promise<void>;
  resize(machine: MachineRef, plan: string): Promise<void>;
  snapshot(machine: MachineRef, snapshotId: string): Promise<{ sizeGb: number; ref: string | null }>;
  backup(machine: MachineRef, backupId: string): Promise<{ sizeGb: number; stored: StoredBackup | null }>;
  destroy(machine: MachineRef): Promise<void>;
  /** Frees what a deleted snapshot held on the engine (its `ref`). */
  discardSnapshot(ref: string): Promise<void>;
  /** The engine's own view of these machines (ids the engine never heard of are `missing`). */
  observe?(instanceIds: string[]): Promise<Map<string, MachineState>>;
  /** Follows the engine's events; calls `changed` with the instance a container event was about. Returns a stop function. */
  watch?(changed: (instanceId: string) => void): () => void;
  /** Brings this process's SSH relays in line with the machines that run (docker). */
  relay?(running: { instanceId: string; sshPort: number }[]): Promise<void>;
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
