"use client";
// A destructive action asks for a second click in place, not a browser dialog (blocking, unstyled):
// the first click turns the button into "Confirm …" and "Cancel".
import { useState } from "react";
import { Button } from "./button";

type ConfirmButtonProps = {
  label: string;
  /** What the button does, for screen readers: "Delete web-1". */
  ariaLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  /** How the first button looks: quiet in a row of a list, plain where it is the section's one action. */
  variant?: "ghost" | "secondary";
};

export function ConfirmButton({ label, ariaLabel, confirmLabel, pendingLabel, pending, error, onConfirm, variant = "ghost" }: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant={variant} aria-label={ariaLabel} onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {error && <span role="alert" className="text-xs text-red-600">{error}</span>}
      {/* Focus follows the click, so a keyboard user lands on the confirmation. */}
      <Button variant="danger" disabled={pending} onClick={onConfirm} autoFocus>
        {pending ? pendingLabel : confirmLabel}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </span>
  );
}
