// GET /verify-email?token=… — the link of the verification mail: verifies the email and grants the
// starter credits the first time, and says what happened every time.
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import type { Verification } from "@/server/accounts/email-verification";
import { serverCaller } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Verify your email · Switchyard" };

const TOKEN_MAX = 500;

async function follow(token: string | string[] | undefined): Promise<Verification> {
  if (typeof token !== "string" || !token || token.length > TOKEN_MAX) return { outcome: "invalid" };
  return (await serverCaller()).account.verifyEmail({ token });
}

function Outcome({ result }: { result: Verification }) {
  switch (result.outcome) {
    case "verified":
      return (
        <Alert tone="success">
          Your email is verified{result.credits > 0 ? ` and ${result.credits} starter credits were added to your workspace` : ""}.
        </Alert>
      );
    case "already_verified":
      return <Alert tone="info">Your email is already verified. Nothing more to do.</Alert>;
    case "expired":
      return <Alert tone="warning">This link has expired. Sign in and choose “Send the link again” in the console for a new one.</Alert>;
    case "invalid":
      return <Alert>This link is not valid. Check that you opened the whole link from the mail, or sign in and send a new one from the console.</Alert>;
  }
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const result = await follow((await searchParams).token);
  const done = result.outcome === "verified" || result.outcome === "already_verified";
  return (
    <AuthCard title={done ? "Email verified" : "Verify your email"} footer="New to Switchyard?" linkText="Create an account" href="/sign-up">
      <div className="space-y-4" data-testid="verify-email-result" data-outcome={result.outcome}>
        <Outcome result={result} />
        <ButtonLink href={done ? "/overview" : "/sign-in"} className="w-full">
          {done ? "Open the console" : "Sign in"}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
