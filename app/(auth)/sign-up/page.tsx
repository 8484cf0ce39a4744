import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { returnPath, withReturn } from "@/components/auth/return-path";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Alert } from "@/components/ui/alert";
import { signUpOpen } from "@/server/accounts/sign-up";

export const metadata: Metadata = { title: "Create an account · Switchyard" };
// SIGN_UP is read when the page is served, not when it is built.
export const dynamic = "force-dynamic";

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const returnTo = returnPath((await searchParams).callbackUrl);
  return (
    <AuthCard title="Create your account" footer="Already have an account?" linkText="Sign in" href={withReturn("/sign-in", returnTo)}>
      {signUpOpen() ? (
        <SignUpForm returnTo={returnTo} />
      ) : (
        <Alert tone="info">Sign-up is closed on this server. Ask its operator for an account.</Alert>
      )}
    </AuthCard>
  );
}
