// What an instance's container is, as the engine's create call takes it: the plan's limits, the
// fewest capabilities sshd needs, nothing of the host inside (no engine socket, no mounts), and
// no network at all — SSH comes in through a relay that enters its network namespace (ssh-relay.ts).
// Pure: driver.ts sends it, container-spec.test.ts reads it.
import "server-only";
import type Docker from "dockerode";
import { planOf } from "../../catalog";

/** The label that ties a container to its instance (events and the reconcile read it). */
export const INSTANCE_LABEL = "switchyard.instance";
export const containerName = (instanceId: string) => `switchyard-${instanceId}`;

/**
 * sshd, nothing else: SETUID/SETGID (privilege separation, then the user's session), SYS_CHROOT
 * (its privsep chroot), NET_BIND_SERVICE (port 22), AUDIT_WRITE (a terminal session is refused
 * without it). Checked by logging in with and without a terminal with exactly these.
 */
export const SSHD_CAPABILITIES = ["SETUID", "SETGID", "SYS_CHROOT", "NET_BIND_SERVICE", "AUDIT_WRITE"];

const MIB = 1024 * 1024;
const CPU_PERIOD_US = 100_000;

/** The plan's vCPUs (as a CFS quota: a plan may name more CPUs than the host has), memory (no swap) and processes. */
export function planLimits(planId: string) {
  const plan = planOf(planId);
  if (!plan) throw new Error(`unknown plan ${planId}`);
  return {
    CpuPeriod: CPU_PERIOD_US,
    CpuQuota: plan.vcpus * CPU_PERIOD_US,
    Memory: plan.memory_mb * MIB,
    MemorySwap: plan.memory_mb * MIB,
    PidsLimit: plan.max_processes,
  };
}

/**
 * Host keys of the instance's own, made at its first boot (the base image has none, and a disk
 * restored from another instance's snapshot or backup drops that instance's: a marker names whose
 * keys they are), then sshd in the foreground.
 */
export function sshdCommand(instanceId: string, port: number, listen: string): string[] {
  const marker = `/etc/ssh/.host-keys-of-${instanceId}`;
  const ownKeys = `[ -e ${marker} ] || { rm -f /etc/ssh/ssh_host_* /etc/ssh/.host-keys-of-*; touch ${marker}; }`;
  return ["/bin/sh", "-c", `${ownKeys}; mkdir -p /run/sshd && ssh-keygen -A >/dev/null && exec /usr/sbin/sshd -D -e -p ${port} -o ListenAddress=${listen}`];
}

/** A host name the kernel takes: the first label, at most 63 characters. */
const shortHostname = (hostname: string) => hostname.split(".")[0].slice(0, 63);

export type SpecInput = { instanceId: string; hostname: string; plan: string; image: string; sshPort: number | null; hostNetworkForTests: boolean; sshBind: string };

export function containerSpec(input: SpecInput): Docker.ContainerCreateOptions {
  const shared = input.hostNetworkForTests;
  if (shared && input.sshPort === null) throw new Error("a container on the host's network needs its SSH port");
  return {
    name: containerName(input.instanceId),
    Image: input.image,
    // On the host's network (tests only) the host name is the host's; sshd listens on the instance's own port.
    ...(shared ? {} : { Hostname: shortHostname(input.hostname) }),
    Cmd: shared ? sshdCommand(input.instanceId, input.sshPort!, input.sshBind) : sshdCommand(input.instanceId, 22, "127.0.0.1"),
    Labels: { [INSTANCE_LABEL]: input.instanceId },
    HostConfig: {
      NetworkMode: shared ? "host" : "none",
      // A real init as PID 1 (docker-init): orphans are reaped, signals reach sshd.
      Init: true,
      Privileged: false,
      CapDrop: ["ALL"],
      CapAdd: SSHD_CAPABILITIES,
      SecurityOpt: ["no-new-privileges:true"],
      Binds: [],
      Mounts: [],
      Devices: [],
      RestartPolicy: { Name: "no" },
      // The engine keeps a little of sshd's log, never the disk's worth.
      LogConfig: { Type: "json-file", Config: { "max-size": "1m", "max-file": "1" } },
      ...planLimits(input.plan),
    },
  };
}
