// The engine's names of the images of GET /v1/images (server/cloud/images.ts): built and tagged by
// `npm run engines -- up` (scripts/engines/docker.ts), and of what the driver makes itself.
import "server-only";

const base: Record<string, string> = { "debian-12-sshd": "switchyard/debian-12-sshd:bookworm" };

export function baseImage(imageId: string): string | undefined {
  return base[imageId];
}

/** A snapshot is an image committed from the container. */
export const SNAPSHOT_REPO = "switchyard-snapshot";
export const snapshotTag = (snapshotId: string) => `${SNAPSHOT_REPO}:${snapshotId}`;
/** A backup restored into an instance is imported as an image only that instance uses. */
export const RESTORE_REPO = "switchyard-restore";
export const restoreTag = (instanceId: string) => `${RESTORE_REPO}:${instanceId}`;
