// Failed sign-ins slow down whoever makes them, never the account's owner elsewhere. Failures are
// counted per (email, address) and per address, an IPv6 client by its /64 (it holds all of them);
// past a threshold each further attempt from there waits, the wait doubling with every failure up
// to a cap. Nothing per email alone refuses anyone (that would let anyone keep a user out): wrong
// passwords over all addresses only slow the account's attempts down, right password included,
// never refuse them. Wrong second-factor codes are counted per account, but only after a right
// password, so only someone who has the password can make that account's codes wait. In memory,
// or in Redis when REDIS_URL is set, like the request limits.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "../env";
import { AppError } from "../errors";
import { addressNetwork } from "../http/client-address";
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
  const from = address ? addressNetwork(address) : "unknown";
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
 * Failures over every address after which each attempt on the account is slowed down: enough for
 * an office of people mistyping, far fewer than a guessing attack spread over many addresses.
 */
const slowDownAfter = () => env.SIGN_IN_ATTEMPTS * 4;
/** The first slow-down of an account (doubling per failure) and its cap: a wait, never a refusal. */
const FIRST_SLOW_DOWN_MS = 250;
const MAX_SLOW_DOWN_MS = 8_000;
const accountFailures = () => limiter("sign_in_failures_account", 1_000_000, 15 * 60);

/** How long an attempt on an account with `failures` recent failures is held before its check. */
export function slowDownMs(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(MAX_SLOW_DOWN_MS, FIRST_SLOW_DOWN_MS * 2 ** Math.min(failures - threshold, 30));
}

/** Where the slow-down waits (a test watches it). */
export const signInClock = { wait: (ms: number) => sleep(ms) };

/**
 * Before checking a password: refuses (`rate_limited` with `retry_after`) while a wait holds for
 * this email from this address or for the address; otherwise counts the attempt as a failure
 * until `signInSucceeded` takes it back. Counting first, and starting the next wait before the
 * password is checked, keeps a burst of parallel guesses from slipping past the count. An account
 * with many recent failures over all addresses holds each attempt a little first (slowDownMs).
 */
export async function beginSignIn(email: string, address: string | null): Promise<void> {
  const recent = (await accountFailures().get(email))?.consumedPoints ?? 0;
  const slowDown = slowDownMs(recent, slowDownAfter());
  if (slowDown > 0) await signInClock.wait(slowDown);
  const all = subjects(email, address);
  const held = await Promise.all(all.map((s) => waits(s).get(s.key)));
  const waitMs = Math.max(0, ...held.map((res) => (res && res.consumedPoints > 1 ? res.msBeforeNext : 0)));
  if (waitMs > 0) {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError("rate_limited", `Too many failed sign-ins. Retry after ${retryAfter} s.`, { retry_after: retryAfter });
  }
  await Promise.all([
    ...all.map(async (s) => {
      const count = (await failures(s).penalty(s.key, 1)).consumedPoints;
      const wait = waitSeconds(count, s.threshold);
      if (wait > 0) await waits(s).block(s.key, wait);
    }),
    accountFailures().penalty(email, 1),
  ]);
}

/** The password was right: the (email, address) count and wait end; the address's count forgets this attempt. */
export async function signInSucceeded(email: string, address: string | null): Promise<void> {
  const [pair, from] = subjects(email, address);
  await Promise.all([failures(pair).delete(pair.key), waits(pair).delete(pair.key), failures(from).reward(from.key, 1), accountFailures().delete(email)]);
}

/**
 * The password was right and the sign-in now waits for the second factor: this attempt is taken
 * back from both counts, but nothing is reset (a wrong code after it counts as a failure).
 */
export async function signInAwaitsCode(email: string, address: string | null): Promise<void> {
  await Promise.all([...subjects(email, address).map((s) => failures(s).reward(s.key, 1)), accountFailures().reward(email, 1)]);
}

/** Wrong second-factor codes of one account, remembered a day; past SIGN_IN_ATTEMPTS each further code waits. */
const codeFailures = () => limiter("second_factor_failures", 1_000_000, 24 * 60 * 60);
const codeWaits = () => limiter("second_factor_wait", 1, MAX_WAIT_SECONDS);

/**
 * Before checking a second-factor code, which only a right password (or a session) leads to:
 * refuses while the account's codes wait, from any address; otherwise counts the code as wrong
 * until `codeAccepted` forgets the count. A 6-digit code cannot be tried a million times.
 */
export async function beginCodeCheck(userId: string): Promise<void> {
  const held = await codeWaits().get(userId);
  if (held && held.consumedPoints > 1 && held.msBeforeNext > 0) {
    const retryAfter = Math.max(1, Math.ceil(held.msBeforeNext / 1000));
    throw new AppError("rate_limited", `Too many wrong codes. Retry after ${retryAfter} s.`, { retry_after: retryAfter });
  }
  const count = (await codeFailures().penalty(userId, 1)).consumedPoints;
  const wait = waitSeconds(count, env.SIGN_IN_ATTEMPTS);
  if (wait > 0) await codeWaits().block(userId, wait);
}

/** A right code: the account's count of wrong ones starts again. */
export async function codeAccepted(userId: string): Promise<void> {
  await Promise.all([codeFailures().delete(userId), codeWaits().delete(userId)]);
}
