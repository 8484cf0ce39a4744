// The text of the mail the accounts service sends: the verification link, and the note to the
// owner of an email someone tried to sign up with again.
import "server-only";
import type { Mail } from "../mail/send-mail";
import { env } from "../env";

export function verificationMail(to: string, link: string, hours: number): Mail {
  return {
    to,
    subject: "Verify your email for Switchyard",
    text: [
      "Welcome to Switchyard.",
      "",
      `Follow this link to verify your email${env.STARTER_CREDITS > 0 ? ` and get your ${env.STARTER_CREDITS} starter credits` : ""}:`,
      link,
      "",
      `The link works for ${hours} hours. If you did not sign up, ignore this mail: nothing happens without the link.`,
    ].join("\n"),
  };
}

export function signUpAttemptMail(to: string, signInLink: string | null): Mail {
  return {
    to,
    subject: "Someone tried to sign up to Switchyard with your email",
    text: [
      "Someone (perhaps you) tried to create a Switchyard account with this email, which already has one.",
      "No new account was made and your password was not changed.",
      "",
      signInLink ? `To use your account, sign in: ${signInLink}` : "To use your account, sign in to the console.",
      "If it was not you, you need not do anything.",
    ].join("\n"),
  };
}

export function passwordChangedMail(to: string, when: "changed" | "reset"): Mail {
  return {
    to,
    subject: "Your Switchyard password was changed",
    text: [
      when === "changed" ? "The password of your Switchyard account was just changed from the console." : "The password of your Switchyard account was just reset with a link mailed to this address.",
      "Every other console session of yours has been signed out.",
      "",
      "If it was not you, reset your password at once from the sign-in page (“Forgot password?”) and check the Security page.",
    ].join("\n"),
  };
}

export function twoFactorEnabledMail(to: string): Mail {
  return {
    to,
    subject: "Two-factor sign-in was turned on for your Switchyard account",
    text: [
      "Two-factor sign-in was just turned on for your Switchyard account: signing in now needs a code from an authenticator app.",
      "Every other console session of yours has been signed out.",
      "",
      "If it was not you, someone has your password: reset it from the sign-in page (“Forgot password?”), then ask your Switchyard operator to turn two-factor sign-in off (`npm run admin -- reset-two-factor --email ...`) and set it up again with your own app.",
    ].join("\n"),
  };
}

/** "1 hour", "90 minutes", "30 seconds". */
function lifetimeWords(seconds: number): string {
  const [count, unit] = seconds % 3600 === 0 ? [seconds / 3600, "hour"] : seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

export function passwordResetMail(to: string, link: string, seconds: number): Mail {
  const lifetime = lifetimeWords(seconds);
  return {
    to,
    subject: "Reset your Switchyard password",
    text: [
      "Someone (perhaps you) asked to reset the password of your Switchyard account.",
      "",
      "Follow this link to choose a new password:",
      link,
      "",
      `The link works once, for ${lifetime}. If you did not ask, ignore this mail: your password stays as it is.`,
    ].join("\n"),
  };
}
