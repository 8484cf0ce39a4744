import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordLink } from "@/components/auth/forgot-password-link";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in · Switchyard" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  const { error } = await searchParams;
  return (
    <AuthCard title="Sign in" footer="New to Switchyard?" linkText="Create an account" href="/sign-up">
      <SignInForm initialError={typeof error === "string" ? error : undefined} />
      <ForgotPasswordLink />
    </AuthCard>
  );
}
