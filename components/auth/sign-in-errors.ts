// What the sign-in form says for each error next-auth reports (its own codes, and the fixed codes
// server/auth.ts throws from `authorize`).
export function signInErrorMessage(error: string): string {
  if (error === "CredentialsSignin") return "Wrong email or password.";
  if (error === "two_factor_required") return CODE_REQUIRED;
  if (error.startsWith("rate_limited")) {
    const seconds = Number(error.split(":")[1]) || 60;
    return `Too many sign-in attempts. Try again in ${waitWords(seconds)}.`;
  }
  if (error === "unavailable") return "Sign-in is unavailable right now. Try again in a moment.";
  if (error === "SessionRequired") return "Your session has ended. Sign in again.";
  return "Sign-in failed. Try again.";
}

/** The password was right; the account signs in with a second factor: the form asks for the code. */
export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app.";

// The first waits after failed sign-ins are seconds long; later ones minutes.
function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
