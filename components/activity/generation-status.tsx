// A generation's status as a badge (a failed one names its error code), and a duration in ms.
import { Badge, type BadgeTone } from "@/components/ui/badge";

const tones: Record<string, BadgeTone> = { completed: "good", failed: "bad", cancelled: "warn" };

export function GenerationStatus({ status, errorCode }: { status: string; errorCode: string | null }) {
  return (
    <Badge tone={tones[status] ?? "neutral"} testId="generation-status">
      {status}
      {errorCode ? `: ${errorCode}` : ""}
    </Badge>
  );
}

export const milliseconds = (ms: number | null) => (ms === null ? "—" : `${ms.toLocaleString("en-US")} ms`);
