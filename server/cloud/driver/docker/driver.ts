// The Docker Engine driver: an instance is a container (container-spec.ts) reached by SSH through
// its relay (ssh-relay.ts); power maps to stop/start/restart, resize to a live update of the
// limits, a snapshot to a committed image, a backup to the exported file system in the backup
// store. Every call is idempotent: the engine's "already so" answers (304, 404 on removal) are done.
import "server-only";
import type Docker from "dockerode";
import { env } from "../../../env";
import { backupKey, backupStore } from "../../backups/store";
import { DriverRefusal, type ComputeDriver, type MachineRef } from "../types";
import { docker, statusOf, tolerating } from "./client";
import { containerName, containerSpec, planLimits } from "./container-spec";
import { baseImage, restoreTag, snapshotTag } from "./images";
import { writeAuthorizedKeys } from "./authorized-keys";
import { closeRelay, openRelay, syncRelays } from "./ssh-relay";
import { waitForSsh } from "./ssh-ready";
import { exportFileSystem, importFileSystem } from "./file-system";
import { observeMachines, watchEngine } from "./engine-state";

/** Seconds sshd and the user's processes get after SIGTERM before a power off kills them. */
const STOP_GRACE_SECONDS = 10;
const GB = 1e9;

const container = (machine: MachineRef) => docker().getContainer(containerName(machine.instanceId));

function sshPortOf(machine: MachineRef): number {
  if (machine.sshPort === null) throw new Error(`instance ${machine.instanceId} has no SSH port`);
  return machine.sshPort;
}

/** The relay up (unless sshd itself is on the host's network), and sshd answering through it. */
async function reachable(machine: MachineRef): Promise<void> {
  const port = sshPortOf(machine);
  if (!env.DOCKER_HOST_NETWORK_FOR_TESTS) await openRelay(machine.instanceId, port);
  await waitForSsh(env.DOCKER_SSH_BIND, port);
}

/** The image the machine's disk starts from: its snapshot's, its backup imported, or the base. */
async function sourceImage(machine: MachineRef): Promise<string> {
  if (machine.snapshotRef) return machine.snapshotRef;
  if (machine.backupStoredAt) {
    const tag = restoreTag(machine.instanceId);
    const present = await docker().getImage(tag).inspect().then(() => true, () => false);
    if (!present) {
      const store = backupStore();
      if (!store) throw new DriverRefusal("The backup cannot be read: this cloud has no backup store configured.");
      await importFileSystem(await store.get(machine.backupStoredAt), tag);
    }
    return tag;
  }
  const base = baseImage(machine.image);
  if (!base) throw new DriverRefusal(`The image ${machine.image} is not offered on this engine.`);
  return base;
}

async function createContainer(machine: MachineRef): Promise<Docker.Container> {
  const image = await sourceImage(machine);
  const spec = containerSpec({
    instanceId: machine.instanceId, hostname: machine.hostname, plan: machine.plan, image, sshPort: machine.sshPort,
    hostNetworkForTests: env.DOCKER_HOST_NETWORK_FOR_TESTS, sshBind: env.DOCKER_SSH_BIND,
  });
  try {
    return await docker().createContainer(spec);
  } catch (error) {
    if (statusOf(error) === 409) return container(machine); // made by an earlier run of this job
    if (statusOf(error) === 404) throw new DriverRefusal(`The image ${machine.image} is missing on the engine; the operator must install it.`);
    throw error;
  }
}

/** Removes an image only this machine used: its restored backup, or a snapshot's image whose snapshot is gone (untagged). */
async function removeOwnImage(imageId: string | undefined, machine: MachineRef): Promise<void> {
  await tolerating([404, 409], () => docker().getImage(restoreTag(machine.instanceId)).remove());
  if (!imageId) return;
  const image = await docker().getImage(imageId).inspect().catch(() => null);
  if (image && (image.RepoTags ?? []).length === 0) await tolerating([404, 409], () => docker().getImage(imageId).remove());
}

export const dockerDriver: ComputeDriver = {
  async provision(machine) {
    const made = await createContainer(machine);
    const state = await made.inspect();
    if (!state.State.Running) {
      await writeAuthorizedKeys(made, machine.sshKeys);
      await tolerating([304], () => made.start());
    }
    await reachable(machine);
    // No network of its own: it is reached by its SSH relay (`ssh` on the instance object).
    return { ipv4: null, ipv6: null };
  },
  async powerOn(machine) {
    await tolerating([304], () => container(machine).start());
    await reachable(machine);
  },
  async powerOff(machine) {
    closeRelay(machine.instanceId);
    await tolerating([304], () => container(machine).stop({ t: STOP_GRACE_SECONDS }));
  },
  async reboot(machine) {
    await container(machine).restart({ t: STOP_GRACE_SECONDS });
    await reachable(machine);
  },
  async resize(machine, plan) {
    // Live: the new CPU quota, memory and process limits apply at once, running or stopped.
    try {
      await container(machine).update(planLimits(plan));
    } catch (error) {
      if (statusOf(error) === 500 || statusOf(error) === 400) throw new DriverRefusal("The engine could not apply the new plan's limits (is the machine using more memory than the plan has?).");
      throw error;
    }
  },
  async snapshot(machine, snapshotId) {
    const tag = snapshotTag(snapshotId);
    let image = await docker().getImage(tag).inspect().catch(() => null);
    if (!image) {
      const [repo, name] = tag.split(":");
      // Paused for the commit (about a second): the snapshot is one moment of the disk.
      await container(machine).commit({ repo, tag: name, pause: true, comment: `snapshot ${snapshotId} of ${machine.instanceId}` });
      image = await docker().getImage(tag).inspect();
    }
    return { sizeGb: Math.max(1, Math.ceil(image.Size / GB)), ref: tag };
  },
  async backup(machine, backupId) {
    const store = backupStore();
    if (!store) throw new DriverRefusal("This cloud has no backup store configured; no backup can be kept.");
    const tar = await exportFileSystem(container(machine), backupId);
    const stored = await store.put(backupKey(machine.instanceId, backupId), tar.stream).finally(tar.release);
    return { sizeGb: Math.max(1, Math.ceil(stored.sizeBytes / GB)), stored };
  },
  async destroy(machine) {
    closeRelay(machine.instanceId);
    const info = await container(machine).inspect().catch(() => null);
    await tolerating([404], () => container(machine).remove({ force: true, v: true }));
    await removeOwnImage(info?.Image, machine);
  },
  async discardSnapshot(ref) {
    // An instance made from the snapshot still uses the image: it is only untagged then, and
    // removed with the last instance that used it (removeOwnImage).
    await tolerating([404], () => docker().getImage(ref).remove({ noprune: false }).catch(async (error) => {
      if (statusOf(error) !== 409) throw error;
      await docker().getImage(ref).remove({ force: true });
    }));
  },
  observe: observeMachines,
  watch: watchEngine,
  // On the host's network (tests) sshd listens on the port itself: no relay.
  relay: async (running) => (env.DOCKER_HOST_NETWORK_FOR_TESTS ? undefined : syncRelays(running)),
};
