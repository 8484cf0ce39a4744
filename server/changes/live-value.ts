// A value read from the database once and kept until it changes (rates, tier limits): re-read
// when its change epoch moves (any process published a change of that kind), after MAX_AGE_MS
// at the latest, and on every use while the change channel is not confirmed healthy.
import "server-only";
import { changeEpoch, type ChangeKind } from "./channel";

const MAX_AGE_MS = 60_000;

export function liveValue<T>(kind: ChangeKind, load: () => Promise<T>): () => Promise<T> {
  let kept: { epoch: number; at: number; value: T } | undefined;
  return async () => {
    const epoch = changeEpoch(kind);
    if (epoch !== null && kept && kept.epoch === epoch && Date.now() - kept.at <= MAX_AGE_MS) return kept.value;
    // The epoch read before the load: a change published meanwhile makes this value stale at once.
    const value = await load();
    kept = epoch === null ? undefined : { epoch, at: Date.now(), value };
    return value;
  };
}
