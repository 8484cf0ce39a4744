/** A moment as the console shows it: "Nov 26, 2026, 9:23 AM", in the viewer's time zone. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
