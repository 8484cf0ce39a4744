// A moment as text, where only text will do (an aria-label, a sentence built as a string): the same
// words as the Moment component's absolute form (components/ui/moment.tsx), which every page shows.
import { momentText } from "@/components/ui/moment";

export function formatTime(iso: string | null | undefined, never = "—"): string {
  if (!iso) return never;
  return momentText(new Date(iso));
}
