// Failed sign-ins slow down whoever makes them, never the account's owner elsewhere. Failures are
// counted per (email, address) and per address, never per email alone (that would let anyone keep
// a user out); past a threshold each further attempt waits, the wait doubling with every failure
// up to a cap. In memory, or in Redis when REDIS_URL is set, like the request limits.
import "server-only";
import { env } from "../env";
import { AppError } from "../errors";
import { limiter } from "../http/rate-limit";

/** The longest wait between two attempts. */
const MAX_WAIT_SECONDS = 15 * 60;

/**
 * What is counted. `pair`: one email from one address, remembered a day from its first failure
 * and reset by a success. `address`: every email from one address (ten times the threshold),
 * remembered 15 minutes from its first failure, so that a busy shared address (an office, a
 * carrier's NAT) heals quickly; a success does not reset it, or one account of an attacker's
 * own would wipe the count of a password spray.
 */
type Subject = { kind: "pair" | "address"; key: string; threshold: number; memorySeconds: number };

function subjects(email: string, address: string | null): [pair: Subject, address: Subject] {
  const from = address ?? "unknown";
  return [
    { kind: "pair", key: `${from} ${email}`, threshold: env.SIGN_IN_ATTEMPTS, memorySeconds: 24 * 60 * 60 },
    { kind: "address", key: from, threshold: env.SIGN_IN_ATTEMPTS * 10, memorySeconds: 15 * 60 },
  ];
}

const failures = (s: Subject) => limiter(`sign_in_failures_${s.kind}`, s.threshold, s.memorySeconds);
// A key blocked here (rate-limiter-flexible's `block`) is one whose next attempt must wait.
const waits = (s: Subject) => limiter(`sign_in_wait_${s.kind}`, 1, MAX_WAIT_SECONDS);

/** The wait after the `failures`-th failure in a row: none below the threshold, then doubling. */
export function waitSeconds(failureCount: number, threshold: number): number {
  if (failureCount < threshold) return 0;
  return Math.min(MAX_WAIT_SECONDS, env.SIGN_IN_FIRST_WAIT_SECONDS * 2 ** Math.min(failureCount - threshold, 30));
}

/**
 * Before checking a password: refuses (`rate_limited` with `retry_after`) while a wait holds for
 * this email from this address or for the address; otherwise counts the attempt as a failure
 * until `signInSucceeded` takes it back. Counting first, and starting the next wait before the
 * password is checked, keeps a burst of parallel guesses from slipping past the count.
 */
export async function beginSignIn(email: string, address: string | null): Promise<void> {
  const all = subjects(email, address);
  const held = await Promise.all(all.map((s) => waits(s).get(s.key)));
  const waitMs = Math.max(0, ...held.map((res) => (res && res.consumedPoints > 1 ? res.msBeforeNext : 0)));
  if (waitMs > 0) {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError("rate_limited", `Too many failed sign-ins. Retry after ${retryAfter} s.`, { retry_after: retryAfter });
  }
  await Promise.all(
    all.map(async (s) => {
      const count = (await failures(s).penalty(s.key, 1)).consumedPoints;
      const wait = waitSeconds(count, s.threshold);
      if (wait > 0) await waits(s).block(s.key, wait);
    }),
  );
}

/** The password was right: the (email, address) count and wait end; the address's count forgets this attempt. */
export async function signInSucceeded(email: string, address: string | null): Promise<void> {
  const [pair, from] = subjects(email, address);
  await Promise.all([failures(pair).delete(pair.key), waits(pair).delete(pair.key), failures(from).reward(from.key, 1)]);
}

/**
 * The password was right and the sign-in now waits for the second factor: this attempt is taken
 * back from both counts, but nothing is reset (a wrong code after it counts as a failure).
 */
export async function signInAwaitsCode(email: string, address: string | null): Promise<void> {
  await Promise.all(subjects(email, address).map((s) => failures(s).reward(s.key, 1)));
}
