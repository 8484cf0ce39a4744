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
