import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordLink } from "@/components/auth/forgot-password-link";
import { returnPath, withReturn } from "@/components/auth/return-path";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in · Switchyard" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string | string[]; callbackUrl?: string | string[] }> }) {
  const { error, callbackUrl } = await searchParams;
  const returnTo = returnPath(callbackUrl);
  return (
    <AuthCard title="Sign in" footer="New to Switchyard?" linkText="Create an account" href={withReturn("/sign-up", returnTo)}>
      <SignInForm initialError={typeof error === "string" ? error : undefined} returnTo={returnTo} />
      <ForgotPasswordLink />
    </AuthCard>
  );
}
