// When a failed delivery is tried again (README "Webhooks"; Svix's schedule): after about 5 s, 5 min,
// 30 min, 2 h, 5 h, 10 h and 10 h, each ±10 % so that endpoints coming back are not hit by every
// retry at once. A `Retry-After` on 429/503 is honoured as the least wait.
import "server-only";
import { env } from "../env";

export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
/** The first attempt plus one per step of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** An endpoint failing this long without a single success is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
const LONGEST_RETRY_AFTER_MS = 36_000_000;

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date (IMF-fixdate) only: Date.parse would also read "-5" or "1.5" as dates.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The wait after failed attempt `attempt` (1-based), or null when the schedule is spent. */
export function retryDelay(attempt: number, retryAfter: number | null = null, random = Math.random): number | null {
  const step = RETRY_SCHEDULE_MS[attempt - 1];
  if (step === undefined) return null;
  const scheduled = step * env.WEBHOOK_RETRY_SPEED * (0.9 + 0.2 * random());
  return Math.round(Math.max(scheduled, Math.min(retryAfter ?? 0, LONGEST_RETRY_AFTER_MS)));
}
