"use client";
// The one way the console shows a moment: absolute in the reader's own locale and time zone
// ("1 Dec 2026, 20:15"), or relative where recency is the point ("5 min ago", "in 3 days"; older
// than a week it turns absolute), and always the full timestamp, zone included, on hover and on
// keyboard focus. A relative moment keeps itself current.
import { useEffect, useState } from "react";

export type MomentValue = string | Date | null | undefined;

const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [["second", 60], ["minute", 60], ["hour", 24], ["day", 7]];
const RELATIVE_LIMIT_MS = 7 * 24 * 3600 * 1000;

/** The moment as text: absolute, or relative to `now` when asked and within a week. */
export function momentText(at: Date, options: { relative?: boolean; now?: number } = {}): string {
  const now = options.now ?? Date.now();
  const ms = at.getTime() - now;
  if (!options.relative || Math.abs(ms) >= RELATIVE_LIMIT_MS) return absolute.format(at);
  if (Math.abs(ms) < 45_000) return ms > 0 ? "in a moment" : "just now";
  let value = ms / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size || unit === "day") return relative.format(Math.round(value), unit);
    value /= size;
  }
  return absolute.format(at);
}

/** The full timestamp: weekday, date, time to the second and the zone. */
export const fullMoment = (at: Date) => full.format(at);

function useMinuteClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function Moment({ at, relative: isRelative = false, never = "—", className = "" }: { at: MomentValue; relative?: boolean; never?: string; className?: string }) {
  const now = useMinuteClock(isRelative && !!at);
  if (!at) return <span className={className}>{never}</span>;
  const date = at instanceof Date ? at : new Date(at);
  const whole = fullMoment(date);
  // The full timestamp is the title (hover, and the accessible description) and, on keyboard focus
  // or hover, a tip drawn by CSS from data-full: not text of the element, so copying or reading the
  // cell gives the moment once.
  return (
    <time
      dateTime={date.toISOString()}
      title={whole}
      data-full={whole}
      tabIndex={0}
      suppressHydrationWarning
      className={`relative cursor-help rounded-sm underline decoration-slate-400 decoration-dotted underline-offset-2 after:pointer-events-none after:absolute after:left-0 after:top-full after:z-20 after:mt-1 after:hidden after:w-max after:max-w-[16rem] after:whitespace-normal after:rounded-md after:bg-slate-900 after:px-2 after:py-1 after:text-xs after:font-normal after:text-white after:shadow after:content-[attr(data-full)] hover:after:block focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-500 focus-visible:after:block ${className}`}
    >
      {momentText(date, { relative: isRelative, now })}
    </time>
  );
}
