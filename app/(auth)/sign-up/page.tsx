import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Alert } from "@/components/ui/alert";
import { signUpOpen } from "@/server/accounts/sign-up";

export const metadata: Metadata = { title: "Create an account · Switchyard" };
// SIGN_UP is read when the page is served, not when it is built.
export const dynamic = "force-dynamic";

export default function SignUpPage() {
  return (
    <AuthCard title="Create your account" footer="Already have an account?" linkText="Sign in" href="/sign-in">
      {signUpOpen() ? (
        <SignUpForm />
      ) : (
        <Alert tone="info">Sign-up is closed on this server. Ask its operator for an account.</Alert>
      )}
    </AuthCard>
  );
}
