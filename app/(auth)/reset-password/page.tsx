// GET /reset-password?token=… — the link of the password-reset mail: the form for a new password
// while the link is good, otherwise why it is not.
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import type { ResetLink } from "@/server/accounts/password-reset";
import { serverCaller } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Choose a new password · Switchyard" };

const TOKEN_MAX = 200;

async function check(token: string | string[] | undefined): Promise<ResetLink> {
  if (typeof token !== "string" || !token || token.length > TOKEN_MAX) return { outcome: "invalid" };
  return (await serverCaller()).account.checkResetLink({ token });
}

const refusals = {
  used: "This link has been used already: each link works once.",
  expired: "This link has expired.",
  invalid: "This link is not valid. Check that you opened the whole link from the mail.",
} as const;

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const link = await check(token);
  return (
    <AuthCard title="Choose a new password" footer="Remembered it?" linkText="Sign in" href="/sign-in">
      <div data-testid="reset-link" data-outcome={link.outcome}>
        {link.outcome === "valid" ? (
          <ResetPasswordForm token={token as string} />
        ) : (
          <div className="space-y-4">
            <Alert tone="warning">{refusals[link.outcome]}</Alert>
            <ButtonLink href="/forgot-password" className="w-full">
              Ask for a new link
            </ButtonLink>
          </div>
        )}
      </div>
    </AuthCard>
  );
}
