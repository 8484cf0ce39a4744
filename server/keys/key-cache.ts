// Keys that passed authentication, kept in memory so the hot path reads no database. An entry is
// used only while the `keys` change epoch it was read under is current (see changes/channel.ts):
// any revocation or update of a key, or a tier change, drops every entry on every process; and
// while the change channel is not confirmed healthy nothing is served from here.
import "server-only";
import { changeEpoch } from "../changes/channel";
import type { AuthenticatedKey } from "./authenticated-key";

/** Belt and braces: even with a healthy channel an entry is re-read after this long. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry = { key: AuthenticatedKey; epoch: number; at: number; lastUsedAt: Date | null };

const holder = globalThis as unknown as { switchyardKeyCache?: Map<string, Entry> };
const entries = () => (holder.switchyardKeyCache ??= new Map());

/** The key with this hash, if cached and still current. */
export function cachedKey(hash: string): Entry | undefined {
  const epoch = changeEpoch("keys");
  if (epoch === null) return undefined;
  const entry = entries().get(hash);
  if (!entry) return undefined;
  if (entry.epoch !== epoch || Date.now() - entry.at > MAX_AGE_MS) {
    entries().delete(hash);
    return undefined;
  }
  return entry;
}

/** The epoch to pass to `rememberKey`: read it before the database read, so a change meanwhile wins. */
export const keysEpoch = () => changeEpoch("keys");

export function rememberKey(hash: string, key: AuthenticatedKey, lastUsedAt: Date | null, epoch: number | null): void {
  if (epoch === null) return;
  const cache = entries();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(hash, { key, epoch, at: Date.now(), lastUsedAt });
}
