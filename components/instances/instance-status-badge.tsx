import { Badge } from "@/components/ui/badge";
import { isMoving, statusTone } from "./instance-status";

export function InstanceStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} testId="instance-status">
      {isMoving(status) && <span aria-hidden="true" className="mr-1.5 h-1.5 w-1.5 animate-pulse rounded-full bg-current" />}
      {status}
    </Badge>
  );
}
