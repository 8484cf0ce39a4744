// When a key's credit limit starts again, in UTC: each day at 00:00, each ISO week on Monday
// 00:00, or on the first of each month (the default, and the only choice before there were three).
export const limitResets = ["daily", "weekly", "monthly"] as const;
export type LimitReset = (typeof limitResets)[number];
export const DEFAULT_LIMIT_RESET: LimitReset = "monthly";

/** The limit's period as a word: "a day", "a week", "a month". */
export const perPeriod: Record<LimitReset, string> = { daily: "a day", weekly: "a week", monthly: "a month" };
