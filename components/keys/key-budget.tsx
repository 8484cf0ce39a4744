// A key's limits in one cell: requests per minute in each bucket, and this UTC month's settled
// charges against its monthly credit limit as a small bar (or the charges alone when it has none).
type KeyLimits = { rate_limits: { generate: number; api: number }; monthly_credit_limit: number | null; credits_used_this_month: number };

const credits = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

export function KeyBudget({ apiKey }: { apiKey: KeyLimits }) {
  const limit = apiKey.monthly_credit_limit;
  const used = apiKey.credits_used_this_month;
  const share = limit ? Math.min(1, used / limit) : limit === 0 ? 1 : 0;
  return (
    <div className="min-w-[11rem] space-y-1 text-xs text-slate-600" data-testid="api-key-limits">
      <p>
        {apiKey.rate_limits.generate.toLocaleString("en-US")} generations · {apiKey.rate_limits.api.toLocaleString("en-US")} other / min
      </p>
      {limit === null ? (
        <p data-testid="api-key-budget">{credits(used)} credits this month · no monthly limit</p>
      ) : (
        <div data-testid="api-key-budget">
          <div
            role="meter"
            aria-label="Credits used this month"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={Math.min(used, limit)}
            aria-valuetext={`${credits(used)} of ${credits(limit)} credits`}
            className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className={`h-full ${share >= 0.9 ? "bg-red-500" : "bg-emerald-500"}`} style={{ width: `${share * 100}%` }} />
          </div>
          <p className="mt-0.5">
            {credits(used)} of {credits(limit)} credits this month
          </p>
        </div>
      )}
    </div>
  );
}
