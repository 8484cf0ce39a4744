// The overview's warning that the balance fell below the workspace's low-balance threshold (the
// low-balance alert of the Billing page).
import { Credits } from "@/components/console/credits";
import { Alert } from "@/components/ui/alert";
import { CardLink } from "@/components/ui/card";

export function LowBalanceNotice({ balance, reserved, threshold }: { balance: number; reserved: number; threshold: number }) {
  return (
    <div data-testid="low-balance">
      <Alert tone="warning">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            <strong className="font-semibold">Your balance is low: <Credits value={balance} unit /></strong>
            {reserved > 0 && <>, of which <Credits value={reserved} unit /> are reserved for work in flight</>}, below the low-balance threshold of{" "}
            <Credits value={threshold} unit />. Requests it cannot cover are refused with 402 insufficient_credits.
          </p>
          <CardLink href="/billing">Billing</CardLink>
        </div>
      </Alert>
    </div>
  );
}
