// The accounts service's hourly budgets (sign-ups, verification mail), refused in words for people.
import "server-only";
import { RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors";
import { limiter, RateLimitedError, takeRequest } from "../http/rate-limit";

const HOUR = 3600;

/** Takes one from `subject`'s hourly budget, or throws 429 `rate_limited`: `refusal` + when to retry. */
export async function takeHourly(subject: string, limit: number, refusal: string): Promise<void> {
  try {
    await takeRequest("sign_up", subject, limit, HOUR);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const minutes = Math.ceil(error.state.resetSeconds / 60);
    throw new AppError("rate_limited", `${refusal} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, { retry_after: error.state.resetSeconds });
  }
}

/** Counts one against `subject`'s hourly budget; how many this hour went past it (0 = within). */
export async function pastHourly(subject: string, limit: number): Promise<number> {
  try {
    await limiter("sign_up", limit, HOUR).consume(subject, 1);
    return 0;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return rejection.consumedPoints - limit;
  }
}
