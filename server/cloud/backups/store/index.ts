// The backup store: where a real instance's backup (its file system, as a tar) is kept, streamed
// in and out. One store per deployment, from BACKUP_STORE_URL; none configured = backups of real
// instances fail saying so (simulated instances store nothing).
import "server-only";
import type { Readable } from "node:stream";
import { env } from "../../../env";
import type { StoredBackup } from "../../driver/types";
import { s3Store } from "./s3";

export type BackupStore = {
  /** Streams `body` to `key`; resolves with its size, `sha256:<hex>` and where it is kept. */
  put(key: string, body: Readable): Promise<StoredBackup>;
  /** Streams back what `storedAt` names (as put returned it). */
  get(storedAt: string): Promise<Readable>;
};

let store: BackupStore | null | undefined;

export function backupStore(): BackupStore | null {
  if (store === undefined) store = env.BACKUP_STORE_URL ? s3Store(env.BACKUP_STORE_URL) : null;
  return store;
}

/** A backup's key under the store's prefix: by instance, then backup id (ids never collide). */
export const backupKey = (instanceId: string, backupId: string) => `${instanceId}/${backupId}.tar`;
