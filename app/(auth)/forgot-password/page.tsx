import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password · Switchyard" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password" footer="Remembered it?" linkText="Sign in" href="/sign-in">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
