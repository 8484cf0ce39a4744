// Outgoing mail goes through SMTP_URL when set (a real SMTP server here), else to the log in
// embedded mode; it never throws, even when the mail server is down.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { embedded, env } from "../env";
import { log } from "../log";
import { sendMail } from "./send-mail";

const saved = env.SMTP_URL;
afterEach(() => {
  env.SMTP_URL = saved;
  vi.restoreAllMocks();
});

const mail = { to: "someone@mail.test", subject: "Verify your email", text: `Follow https://console.test/verify-email?token=${"x".repeat(120)}` };

describe("sendMail", () => {
  it("sends through SMTP_URL with SMTP_FROM as the sender, the text intact", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          done();
        });
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server.server, "listening");
    try {
      env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      await sendMail(mail);
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0]);
      expect(parsed.subject).toBe(mail.subject);
      expect(parsed.text?.trim()).toBe(mail.text);
      expect(parsed.from?.text).toContain(env.SMTP_FROM.match(/<(.+)>/)?.[1] ?? env.SMTP_FROM);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("logs a failure instead of throwing", async () => {
    env.SMTP_URL = "smtp://127.0.0.1:1";
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    await expect(sendMail(mail)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ subject: mail.subject }), "mail could not be sent");
  });

  it("without SMTP_URL: the text goes to the log in embedded mode; at scale only a warning, without it", async () => {
    env.SMTP_URL = undefined;
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    await sendMail(mail);
    if (embedded) {
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ mail_to: mail.to, text: mail.text }), expect.stringContaining("SMTP_URL is unset"));
    } else {
      expect(warn).toHaveBeenCalledWith({ subject: mail.subject }, "mail cannot be sent: set SMTP_URL");
      expect(JSON.stringify(info.mock.calls)).not.toContain("token=");
    }
  });
});
