"use client";
// The Security page's sessions card: how long a console session lasts, and "Sign out everywhere",
// which ends every session of this user (this browser's too) and goes to sign-in.
import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useTRPC } from "@/components/providers";
import { ConfirmButton } from "@/components/ui/confirm-button";

export function SignOutEverywhere() {
  const trpc = useTRPC();
  const [leaving, setLeaving] = useState(false);
  const end = useMutation(
    trpc.account.signOutEverywhere.mutationOptions({
      onSuccess: async () => {
        setLeaving(true);
        // Clears this browser's cookie (its session has ended already), then a full page load.
        await signOut({ redirect: false });
        window.location.assign("/sign-in");
      },
    }),
  );
  return (
    <div data-testid="sessions" className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="max-w-prose space-y-1 text-sm text-slate-600">
        <p>You stay signed in while you use the console; a session ends after 12 hours without use.</p>
        <p>Signing out ends this browser&apos;s session. Left the console open on a computer you no longer have? End that session below, or sign out everywhere.</p>
      </div>
      <div className="shrink-0">
        <ConfirmButton
          label="Sign out everywhere"
          ariaLabel="Sign out everywhere"
          confirmLabel="Yes, sign out everywhere"
          pendingLabel="Signing out…"
          pending={end.isPending || leaving}
          error={end.error?.message}
          note="Every browser, this one too."
          variant="secondary"
          onConfirm={() => end.mutate()}
        />
      </div>
    </div>
  );
}
