// A rotated signing secret, shown once, with how long the old one keeps signing beside it.
import { SecretReveal } from "@/components/ui/secret-reveal";
import type { RotatedSecret } from "./webhook-controls";
import { when } from "./when";

export function NewSecret({ rotated, onDone }: { rotated: RotatedSecret; onDone: () => void }) {
  return (
    <SecretReveal
      framed={false}
      title="New signing secret"
      label="New signing secret"
      secret={rotated.secret}
      testId="webhook-secret"
      copyLabel="Copy secret"
      note={
        <>
          Store the new secret now: it is shown only once. The old secret keeps signing beside it for 24 h
          {rotated.previousUntil ? ` (until ${when(rotated.previousUntil)})` : ""}, so your receiver can switch without losing an event.
        </>
      }
      onDone={onDone}
    />
  );
}
