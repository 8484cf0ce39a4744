// What a backup store does; the S3 store and the choice of store (index.ts) both name it.
import type { Readable } from "node:stream";
import type { StoredBackup } from "../../driver/types";

export type BackupStore = {
  /** Streams `body` to `key`; resolves with its size, `sha256:<hex>` and where it is kept. */
  put(key: string, body: Readable): Promise<StoredBackup>;
  /** Streams back what `storedAt` names (as put returned it). */
  get(storedAt: string): Promise<Readable>;
};
