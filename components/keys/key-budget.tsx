// A key's limits in one cell: requests per minute in each bucket, and the settled charges of its
// current period (a UTC day, week or month: its limit_reset) against its credit limit as a small
// bar (or the charges alone when it has none), with when the period ends.
import type { LimitReset } from "@/server/vocab/limit-resets";

type KeyLimits = {
  rate_limits: { generate: number; api: number };
  credit_limit: number | null;
  limit_reset: LimitReset;
  limit_resets_at: string;
  credits_used: number;
};

const credits = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });
const thisPeriod: Record<LimitReset, string> = { daily: "today", weekly: "this week", monthly: "this month" };
const noLimit: Record<LimitReset, string> = { daily: "no daily limit", weekly: "no weekly limit", monthly: "no monthly limit" };
/** "Dec 3, 00:00 UTC": periods begin at midnight UTC. */
const resetTime = (at: string) =>
  `${new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}, 00:00 UTC`;

export function KeyBudget({ apiKey }: { apiKey: KeyLimits }) {
  const limit = apiKey.credit_limit;
  const used = apiKey.credits_used;
  const period = thisPeriod[apiKey.limit_reset];
  const share = limit ? Math.min(1, used / limit) : limit === 0 ? 1 : 0;
  return (
    <div className="min-w-[11rem] space-y-1 text-xs text-slate-600" data-testid="api-key-limits">
      <p>
        {apiKey.rate_limits.generate.toLocaleString("en-US")} generations · {apiKey.rate_limits.api.toLocaleString("en-US")} other / min
      </p>
      {limit === null ? (
        <p data-testid="api-key-budget">
          {credits(used)} credits {period} · {noLimit[apiKey.limit_reset]}
        </p>
      ) : (
        <div data-testid="api-key-budget">
          <div
            role="meter"
            aria-label={`Credits used ${period}`}
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={Math.min(used, limit)}
            aria-valuetext={`${credits(used)} of ${credits(limit)} credits`}
            className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className={`h-full ${share >= 0.9 ? "bg-red-500" : "bg-emerald-500"}`} style={{ width: `${share * 100}%` }} />
          </div>
          <p className="mt-0.5">
            {credits(used)} of {credits(limit)} credits {period}
          </p>
          <p className="text-slate-500" data-testid="api-key-resets" title={apiKey.limit_resets_at}>
            Resets {resetTime(apiKey.limit_resets_at)}
          </p>
        </div>
      )}
    </div>
  );
}
