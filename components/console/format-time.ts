/** A moment as the console shows it: the reader's own date and time, to the minute. */
export function formatTime(iso: string | null | undefined, never = "—"): string {
  if (!iso) return never;
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
