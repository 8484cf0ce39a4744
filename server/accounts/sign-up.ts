// Sign-up from the console, the public door. Open or closed by the operator (SIGN_UP), limited per
// client network (an IPv6 client holds a whole /64) and slowed, not closed, past the hourly budget
// of the whole server, and answered the same whether the email is new or taken (the owner of a
// taken one is told by mail instead, at most once an hour), so it neither mints credits nor tells
// who has an account: credits come only with the verification link (email-verification.ts).
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "../env";
import { AppError } from "../errors";
import { addressNetwork } from "../http/client-address";
import { mailSignUpAttempt, mailVerificationLink } from "./email-verification";
import { pastHourly, takeHourly } from "./hourly-limit";
import type { SignUpInput } from "./schema";
import { signUp } from "./service";

/** Where a sign-up comes from: the client's address (limits, audit) and the origin it reached. */
export type SignUpRequest = { address: string | null | undefined; origin?: string | null };

/** The one answer of every accepted sign-up, new email or taken. */
export const signUpAnswer = { status: "check_email" } as const;

/** Past the server's hourly budget, each sign-up waits longer: 0.25 s, 0.5 s, 1 s... up to 10 s. */
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 10_000;

export function signUpOpen(): boolean {
  return env.SIGN_UP === "open";
}

/** How long a sign-up waits when it is the `past`th beyond the hourly budget. */
export function waitPastBudget(past: number): number {
  return past <= 0 ? 0 : Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(past - 1, 16));
}

async function takeSignUp(address: string | null | undefined): Promise<void> {
  await takeHourly(`addr:${address ? addressNetwork(address) : "unknown"}`, env.SIGN_UPS_PER_ADDRESS, "Too many sign-ups from your network.");
  // Refusing everyone once anyone spent the budget would let one client close sign-up for all:
  // slower answers make a flood costly while people still get through.
  await sleep(waitPastBudget(await pastHourly("all", env.SIGN_UPS_PER_HOUR)));
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
