import { Badge, type BadgeTone } from "@/components/ui/badge";

const tones: Record<string, BadgeTone> = { pending: "busy", available: "good", failed: "bad" };

/** The status of a snapshot or a backup: pending, available or failed. */
export function ImageStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={tones[status] ?? "neutral"} testId="image-status">
      {status}
    </Badge>
  );
}
