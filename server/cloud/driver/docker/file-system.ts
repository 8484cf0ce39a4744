// A container's file system as one tar, out (a backup) and in (a restore). A backup is one moment
// of the disk: the container is committed (paused about a second), and the commit's file system
// exported through a container made from it that never runs; both are removed afterwards.
import "server-only";
import type { Readable } from "node:stream";
import type Docker from "dockerode";
import { docker, tolerating } from "./client";

const BACKUP_REPO = "switchyard-backup";

export async function exportFileSystem(source: Docker.Container, backupId: string): Promise<{ stream: Readable; release: () => Promise<void> }> {
  const tag = `${BACKUP_REPO}:${backupId}`;
  await source.commit({ repo: BACKUP_REPO, tag: backupId, pause: true, comment: `backup ${backupId}` });
  const name = `switchyard-backup-${backupId}`;
  await tolerating([404], () => docker().getContainer(name).remove({ force: true }));
  const frozen = await docker().createContainer({ name, Image: tag, Cmd: ["/bin/true"], NetworkDisabled: true, HostConfig: { NetworkMode: "none" } });
  const stream = (await frozen.export()) as unknown as Readable;
  return {
    stream,
    release: async () => {
      await tolerating([404], () => frozen.remove({ force: true }));
      await tolerating([404, 409], () => docker().getImage(tag).remove());
    },
  };
}

/** Imports a file system tar as image `tag` (what the container's command is comes from its spec, not the image). */
export async function importFileSystem(tar: Readable, tag: string): Promise<void> {
  const [repo, name] = tag.split(":");
  const progress = await docker().importImage(tar as never, { repo, tag: name });
  await new Promise((resolve, reject) => docker().modem.followProgress(progress, (err: Error | null) => (err ? reject(err) : resolve(null))));
}
