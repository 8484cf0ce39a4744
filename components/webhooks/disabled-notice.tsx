// The service's reason for disabling an endpoint, and the button that enables it again.
import { RoleOnly } from "@/components/console/role";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { WebhookToggle } from "./use-webhook-toggle";

export function DisabledNotice({ reason, toggle }: { reason: string; toggle: WebhookToggle }) {
  return (
    <div data-testid="webhook-disabled-notice">
      <Alert tone="warning">
        <p>
          <span className="font-medium">Switchyard disabled this endpoint:</span> {reason}
        </p>
        <p className="mt-1">Its events are kept and delivered once you enable it again.</p>
        <RoleOnly least="developer">
          <Button className="mt-2" variant="secondary" disabled={toggle.pending} onClick={() => toggle.run(true)}>
            {toggle.pending ? "Enabling…" : "Enable again"}
          </Button>
        </RoleOnly>
      </Alert>
    </div>
  );
}
