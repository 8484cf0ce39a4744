import Link from "next/link";

export function ForgotPasswordLink() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link href="/forgot-password" className="text-slate-600 underline hover:text-slate-900">
        Forgot password?
      </Link>
    </p>
  );
}
