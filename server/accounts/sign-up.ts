// Sign-up from the console, the public door. Open or closed by the operator (SIGN_UP), limited per
// client address and in all, and answered the same whether the email is new or taken (the owner
// of a taken one is told by mail instead), so it neither mints credits nor tells who has an
// account: credits come only with the verification link (email-verification.ts).
import { env } from "../env";
import { AppError } from "../errors";
import { mailSignUpAttempt, mailVerificationLink } from "./email-verification";
import { takeHourly } from "./hourly-limit";
import type { SignUpInput } from "./schema";
import { signUp } from "./service";

/** Where a sign-up comes from: the client's address (limits, audit) and the origin it reached. */
export type SignUpRequest = { address: string | null | undefined; origin?: string | null };

/** The one answer of every accepted sign-up, new email or taken. */
export const signUpAnswer = { status: "check_email" } as const;

export function signUpOpen(): boolean {
  return env.SIGN_UP === "open";
}

async function takeSignUp(address: string | null | undefined): Promise<void> {
  await takeHourly(`addr:${address ?? "unknown"}`, env.SIGN_UPS_PER_ADDRESS, "Too many sign-ups from your network.");
  await takeHourly("all", env.SIGN_UPS_PER_HOUR, "Too many sign-ups on this server right now.");
}

export async function requestSignUp(input: SignUpInput, request: SignUpRequest): Promise<typeof signUpAnswer> {
  if (!signUpOpen()) throw new AppError("forbidden", "Sign-up is closed on this server. Ask its operator for an account.");
  await takeSignUp(request.address);
  try {
    const account = await signUp(input, { address: request.address });
    mailVerificationLink({ id: account.userId, email: input.email }, request.origin);
  } catch (error) {
    // The taken email's path does the same work (hash, insert refused) and waits for no mail either.
    if (!(error instanceof AppError && error.code === "conflict")) throw error;
    mailSignUpAttempt(input.email, request.origin);
  }
  return signUpAnswer;
}
