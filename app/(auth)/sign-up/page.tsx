import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata: Metadata = { title: "Create an account · Switchyard" };

export default function SignUpPage() {
  return (
    <AuthCard title="Create your account" footer="Already have an account?" linkText="Sign in" href="/sign-in">
      <SignUpForm />
    </AuthCard>
  );
}
