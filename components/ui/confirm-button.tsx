"use client";
// A destructive action asks for a second click in place, not a browser dialog (blocking, unstyled):
// the first click turns the button into "Confirm …" and "Cancel".
import { useEffect, useRef, useState, type ReactNode } from "react";
import { plainMessage } from "@/components/console/plain-message";
import { Button } from "./button";

type ConfirmButtonProps = {
  label: string;
  /** What the button does, for screen readers: "Delete web-1". */
  ariaLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | null;
  /** What confirming will do, shown beside the confirm button: "The old secret keeps signing for 24 h." */
  note?: ReactNode;
  /** The first button's look (ghost by default; secondary where it stands among other buttons). */
  variant?: "ghost" | "secondary";
  onConfirm: () => void;
};

export function ConfirmButton({ label, ariaLabel, confirmLabel, pendingLabel, pending, error, note, variant = "ghost", onConfirm }: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  // Back to the first button once the action went through (a rotated secret, say), not after a failure.
  const [wasPending, setWasPending] = useState(pending);
  if (pending !== wasPending) {
    setWasPending(pending);
    if (!pending && !error) setConfirming(false);
  }
  // Back from the confirmation (cancelled, or done and still here): focus returns to the first button.
  const first = useRef<HTMLButtonElement>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!confirming && asked) first.current?.focus();
  }, [confirming, asked]);
  // In a table's cell, from sm up, the confirmation opens over the first button and what stands left
  // of it, in the same line, so the table keeps its columns instead of reflowing (the first button
  // keeps its place underneath, unseen). Elsewhere, and on a phone, it takes the button's place.
  return (
    <span className="relative inline-flex justify-end">
      <Button
        ref={first}
        variant={variant}
        aria-label={ariaLabel}
        aria-expanded={confirming}
        className={confirming ? "hidden sm:in-[td]:inline-flex sm:in-[td]:invisible" : ""}
        onClick={() => (setConfirming(!confirming), setAsked(true))}
      >
        {label}
      </Button>
      {confirming && (
        <span
          data-testid="confirmation"
          className="inline-flex flex-wrap items-center justify-end gap-2 sm:in-[td]:absolute sm:in-[td]:right-0 sm:in-[td]:top-1/2 sm:in-[td]:z-30 sm:in-[td]:w-max sm:in-[td]:max-w-[28rem] sm:in-[td]:-translate-y-1/2 sm:in-[td]:rounded-md sm:in-[td]:bg-white sm:in-[td]:py-1 sm:in-[td]:pl-3"
        >
          {note && <span className="text-xs text-slate-600">{note}</span>}
          {error && <span role="alert" className="text-xs text-red-600">{plainMessage(error)}</span>}
          {/* Focus follows the click, so a keyboard user lands on the confirmation. */}
          <Button variant="danger" disabled={pending} onClick={onConfirm} autoFocus>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </span>
      )}
    </span>
  );
}

type Mutation = { isPending: boolean; error: { message: string } | null };
type Labels = Pick<ConfirmButtonProps, "label" | "confirmLabel" | "pendingLabel">;

/** The two-step button of a mutation (its pending state and error shown); "Delete" unless told otherwise. */
export function ConfirmMutation({
  mutation,
  label = "Delete",
  confirmLabel = "Confirm delete",
  pendingLabel = "Deleting…",
  ...rest
}: Omit<ConfirmButtonProps, keyof Labels | "pending" | "error"> & Partial<Labels> & { mutation: Mutation }) {
  return <ConfirmButton {...rest} label={label} confirmLabel={confirmLabel} pendingLabel={pendingLabel} pending={mutation.isPending} error={mutation.error?.message} />;
}
