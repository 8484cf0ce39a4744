// Outgoing mail. Through SMTP_URL (nodemailer) when it is set. Without it, in embedded mode the
// mail is written to the log, where the one person running a fresh clone reads their link; at
// scale it is only noted as unsent: a shared log is no place for links that grant credits.
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { embedded, env } from "../env";
import { log } from "../log";

export type Mail = { to: string; subject: string; text: string };

const holder = globalThis as unknown as { switchyardMailers?: Map<string, Transporter> };

function transport(url: string): Transporter {
  const mailers = (holder.switchyardMailers ??= new Map());
  let found = mailers.get(url);
  if (!found) {
    found = nodemailer.createTransport(url);
    mailers.set(url, found);
  }
  return found;
}

/** Whether mail really leaves this server (SMTP_URL is set): else a link must be passed on by hand. */
export const mailConfigured = (): boolean => env.SMTP_URL !== undefined;

/**
 * Sends the mail, or logs it as above. Never throws (a failure is logged): callers need not wait,
 * so an answer never depends on how long the mail server takes.
 */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    if (env.SMTP_URL) {
      await transport(env.SMTP_URL).sendMail({ from: env.SMTP_FROM, ...mail });
    } else if (embedded) {
      log.info({ mail_to: mail.to, subject: mail.subject, text: mail.text }, "mail not sent (SMTP_URL is unset): its text is here instead");
    } else {
      log.warn({ subject: mail.subject }, "mail cannot be sent: set SMTP_URL");
    }
  } catch (error) {
    log.error({ err: error, subject: mail.subject }, "mail could not be sent");
  }
}
