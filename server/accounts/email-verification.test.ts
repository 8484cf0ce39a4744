// Verification links: built from NEXTAUTH_URL, or from the request's origin only when mail goes to
// the log (embedded, no SMTP_URL): never mailed from a client's Host header; refused once expired.
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db";
import { env } from "../env";
import { migrate } from "../migrations";
import { publicOrigin, verificationToken, verifyEmail } from "./email-verification";
import { signUp } from "./service";

const saved = { url: env.NEXTAUTH_URL, smtp: env.SMTP_URL };
afterEach(() => {
  env.NEXTAUTH_URL = saved.url;
  env.SMTP_URL = saved.smtp;
});
beforeAll(() => migrate());

describe("the origin of mailed links", () => {
  it("is NEXTAUTH_URL when set, else the request's origin when mail only goes to the log, else none", () => {
    env.NEXTAUTH_URL = undefined;
    expect(publicOrigin("http://127.0.0.1:3000", true)).toBe("http://127.0.0.1:3000");
    expect(publicOrigin("http://evil.example", false)).toBeNull();
    env.SMTP_URL = "smtp://127.0.0.1:1"; // mail leaves the server: never from the Host header
    expect(publicOrigin("http://evil.example")).toBeNull();
    env.NEXTAUTH_URL = "https://console.example.com/";
    expect(publicOrigin("http://evil.example", false)).toBe("https://console.example.com");
    expect(publicOrigin("http://evil.example", true)).toBe("https://console.example.com");
  });
});

describe("tokens", () => {
  it("expire after 24 hours without granting anything; a fresh one still works", async () => {
    const email = `expiry-${randomBytes(5).toString("hex")}@verify.test`;
    const account = await signUp({ email, password: "a-long-enough-password", name: "Expiry" });
    const user = { id: account.userId, email };
    const dayAgo = Date.now() - 24 * 3600 * 1000 - 1000;
    await expect(verifyEmail(verificationToken(user, dayAgo))).resolves.toEqual({ outcome: "expired" });
    expect((await db().workspace.findUniqueOrThrow({ where: { id: account.workspaceId } })).balance).toBe(0n);
    await expect(verifyEmail(verificationToken(user))).resolves.toMatchObject({ outcome: "verified" });
  });

  it("an account the operator vouches for is verified at once, with its starter credits", async () => {
    const email = `vouched-${randomBytes(5).toString("hex")}@verify.test`;
    const account = await signUp({ email, password: "a-long-enough-password", name: "Vouched" }, { emailVerified: true });
    expect((await db().workspace.findUniqueOrThrow({ where: { id: account.workspaceId } })).balance).toBe(BigInt(env.STARTER_CREDITS) * 1_000_000n);
    await expect(verifyEmail(verificationToken({ id: account.userId, email }))).resolves.toEqual({ outcome: "already_verified" });
  });
});
