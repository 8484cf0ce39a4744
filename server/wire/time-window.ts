// `?since=` and `?until=` of the lists filtered by time (generations, audit events): an RFC 3339
// time with its offset, or a UTC day (`since`: from its start; `until`: to its end).
import "server-only";
import { z } from "zod";
import { AppError } from "../errors";

const MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/i;

/** The query field of one edge; `what` names the list's items ("generations"). */
export const moment = (what: string, edge: "at or after this" | "before or at this") =>
  z
    .string()
    .regex(MOMENT, "is an RFC 3339 time such as `2026-11-27T10:00:00Z`, or a UTC day such as `2026-11-27`")
    .optional()
    .meta({ description: `Only ${what} made ${edge}: an RFC 3339 time, or a UTC day (${edge === "at or after this" ? "from its start" : "to its end"}).` });

/** The `createdAt` condition of `since` (its start) and `until` (a day's last millisecond, or the time itself). */
export function timeWindow(query: { since?: string; until?: string }) {
  const at = (value: string, end: boolean) => (value.length === 10 ? new Date(`${value}T${end ? "23:59:59.999" : "00:00:00.000"}Z`) : new Date(value));
  const since = query.since === undefined ? undefined : at(query.since, false);
  const until = query.until === undefined ? undefined : at(query.until, true);
  for (const [param, moment] of [["since", since], ["until", until]] as const) {
    if (moment && Number.isNaN(moment.getTime())) throw new AppError("invalid_body", `\`${param}\` is not a real time.`, { param });
  }
  if (since && until && since > until) throw new AppError("invalid_body", "`until` is before `since`: nothing can match.", { param: "until" });
  return since || until ? { createdAt: { ...(since && { gte: since }), ...(until && { lte: until }) } } : {};
}
