"use client";
// Shown across the console while the member's email is unverified: the starter credits wait for
// the mailed link, which can be sent again from here.
import { plainMessage } from "@/components/console/plain-message";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Button } from "@/components/ui/button";

export function VerifyEmailNotice() {
  const trpc = useTRPC();
  const resend = useMutation(trpc.account.resendVerification.mutationOptions());
  let outcome: string | null = null;
  if (resend.isSuccess) outcome = resend.data.sent ? "Sent. Check your inbox, and the spam folder too." : "Your email is already verified: reload the page.";
  else if (resend.isError) outcome = plainMessage(resend.error.message);
  return (
    <div className="border-b border-amber-200 bg-amber-50" data-testid="verify-email-notice">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-900">
        <p className="min-w-0 flex-1">
          <span className="font-medium">Verify your email to get your starter credits.</span> Follow the link in the mail we sent you.
        </p>
        <Button variant="secondary" className="py-1" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending…" : "Send the link again"}
        </Button>
        {outcome && (
          <p role={resend.isError ? "alert" : "status"} className="w-full">
            {outcome}
          </p>
        )}
      </div>
    </div>
  );
}
