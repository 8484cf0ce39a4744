// Sign-up from the console through tRPC's caller, with explicit client addresses: limited per
// address and in all, closed by SIGN_UP=closed, the same answer for a taken email (its owner is
// told by mail), no weak passwords, and starter credits only once the mailed link is followed.
import { randomBytes } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../db";
import { embedded, env } from "../env";
import { migrate } from "../migrations";
import { createCaller } from "../trpc/root";
import { checkCredentials } from "./service";
import { waitPastBudget } from "./sign-up";

type SentMail = { to: string; subject: string; text: string };
const outbox = vi.hoisted(() => [] as SentMail[]);
vi.mock("../mail/send-mail", () => ({ sendMail: async (mail: SentMail) => void outbox.push(mail) }));

const PASSWORD = "a-long-enough-password";
const ORIGIN = "http://console.test:3000";
const saved = { ...env };

beforeAll(async () => {
  await migrate();
});

// Links come from the request's origin only when mail goes to the log (embedded, no SMTP_URL), from
// NEXTAUTH_URL otherwise (email-verification.test.ts): either way, ORIGIN here.
beforeEach(() => {
  if (!embedded || env.SMTP_URL) env.NEXTAUTH_URL = ORIGIN;
});

afterEach(() => {
  Object.assign(env, saved);
});

// Fresh limiters for each test (a limiter is keyed by its limit) and fresh documentation addresses,
// so neither earlier tests nor earlier runs sharing a Redis count here.
function freshLimits(perAddress = 5) {
  env.SIGN_UPS_PER_ADDRESS = perAddress;
  env.SIGN_UPS_PER_HOUR = 100_000 + Math.floor(Math.random() * 1_000_000);
}
const newAddress = () => `2001:db8:${randomBytes(2).toString("hex")}::${randomBytes(2).toString("hex")}`;
const newPerson = (label: string) => ({ name: `Tester ${label}`, email: `${label}-${randomBytes(5).toString("hex")}@sign-up.test`, password: PASSWORD });
const signUpFrom = (address: string, person: ReturnType<typeof newPerson>) =>
  createCaller({ userId: null, address, origin: ORIGIN }).account.signUp(person);

async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

const mailsTo = (email: string) => outbox.filter((mail) => mail.to === email);
const linkIn = (mail: SentMail) => /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)?.[0];

async function accountOf(email: string) {
  const user = await db().user.findUniqueOrThrow({ where: { email }, include: { memberships: { include: { workspace: true } } } });
  return { user, workspace: user.memberships[0].workspace };
}

describe("limits", () => {
  it("the 6th sign-up from one address within the hour is refused (429); another address still signs up", async () => {
    freshLimits(5);
    const address = newAddress();
    for (let i = 0; i < 5; i++) await signUpFrom(address, newPerson(`limit${i}`));
    const sixth = await refusal(signUpFrom(address, newPerson("limit5")));
    expect(sixth.code).toBe("TOO_MANY_REQUESTS");
    expect(sixth.message).toMatch(/Too many sign-ups from your network\. Try again in \d+ minutes?\./);
    await expect(signUpFrom(newAddress(), newPerson("elsewhere"))).resolves.toBeDefined();
  });

  it("past the hourly budget of the whole server, no address is refused: each one past it waits longer", async () => {
    freshLimits(5);
    env.SIGN_UPS_PER_HOUR = 2 + Math.floor(Math.random() * 3); // 2..4: a small limiter of its own
    const took: number[] = [];
    for (let i = 0; i < env.SIGN_UPS_PER_HOUR + 2; i++) {
      const started = Date.now();
      await expect(signUpFrom(newAddress(), newPerson(`global${i}`))).resolves.toBeDefined();
      took.push(Date.now() - started);
    }
    expect(took[took.length - 1]).toBeGreaterThanOrEqual(450);
  });

  it("waits 0.25 s past the budget, doubling, at most 10 s", () => {
    expect([0, 1, 2, 3, 4, 6, 7, 100].map(waitPastBudget)).toEqual([0, 250, 500, 1000, 2000, 8000, 10_000, 10_000]);
  });
});

describe("closed sign-up", () => {
  it("SIGN_UP=closed refuses with 403 and says so; no account is made", async () => {
    freshLimits();
    env.SIGN_UP = "closed";
    const person = newPerson("closed");
    const error = await refusal(signUpFrom(newAddress(), person));
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toMatch(/Sign-up is closed/);
    expect(await db().user.findUnique({ where: { email: person.email } })).toBeNull();
  });
});

describe("a taken email", () => {
  it("gets the very answer a new one gets; its owner is mailed instead, and nothing changes", async () => {
    freshLimits();
    const owner = newPerson("owner");
    const first = await signUpFrom(newAddress(), owner);
    const again = await signUpFrom(newAddress(), { ...owner, name: "Someone else", password: "another-long-password" });
    const fresh = await signUpFrom(newAddress(), newPerson("fresh"));
    expect(again).toEqual(first);
    expect(again).toEqual(fresh);
    expect(JSON.stringify(again)).not.toMatch(/usr_|wsp_|prj_/);

    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toMatch(/Verify your email/);
    expect(mails[1].subject).toMatch(/Someone tried to sign up/);
    expect(mails[1].text).toContain(`${ORIGIN}/sign-in`);
    expect(linkIn(mails[1])).toBeUndefined();
    // The account is the first one, with its own password.
    expect(await checkCredentials(owner.email, owner.password, null)).toMatchObject({ name: owner.name });
    expect(await checkCredentials(owner.email, "another-long-password", null)).toBeNull();
  });
});

describe("passwords", () => {
  it("refuses a 12+ character password that is easy to guess, saying why and what to do", async () => {
    freshLimits();
    const person = { ...newPerson("weak"), password: "passwordpassword" };
    const error = await refusal(signUpFrom(newAddress(), person));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/too easy to guess.*Add more words/);
    expect(await db().user.findUnique({ where: { email: person.email } })).toBeNull();
  });

  it("refuses fewer than 12 characters", async () => {
    freshLimits();
    const error = await refusal(signUpFrom(newAddress(), { ...newPerson("short"), password: "Xq7#mBz!r2L" }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/at least 12 characters/);
  });
});

describe("email verification", () => {
  it("a new account has no credits until its link is followed, then exactly the starter credits, once", async () => {
    freshLimits();
    const person = newPerson("verify");
    await signUpFrom(newAddress(), person);
    const { user, workspace } = await accountOf(person.email);
    expect(workspace.balance).toBe(0n);
    expect(user.emailVerifiedAt).toBeNull();
    await expect(createCaller({ userId: user.id }).workspace.current()).resolves.toMatchObject({ balance: 0, emailVerified: false });

    const link = linkIn(mailsTo(person.email)[0]);
    expect(link).toMatch(new RegExp(`^${ORIGIN}/verify-email\\?token=`));
    const token = new URL(link!).searchParams.get("token")!;
    const caller = createCaller({ userId: null });
    await expect(caller.account.verifyEmail({ token })).resolves.toEqual({ outcome: "verified", credits: env.STARTER_CREDITS });
    await expect(caller.account.verifyEmail({ token })).resolves.toEqual({ outcome: "already_verified" });
    // Even followed at the same moment, the grant happens once.
    await Promise.all([caller.account.verifyEmail({ token }), caller.account.verifyEmail({ token })]);

    const after = await accountOf(person.email);
    expect(after.workspace.balance).toBe(BigInt(env.STARTER_CREDITS) * 1_000_000n);
    expect(after.user.emailVerifiedAt).not.toBeNull();
    const grants = await db().ledgerEntry.count({ where: { workspaceId: workspace.id, kind: "grant" } });
    expect(grants).toBe(1);
    await expect(createCaller({ userId: user.id }).workspace.current()).resolves.toMatchObject({ emailVerified: true });
  });

  it("a forged or altered token verifies nothing", async () => {
    freshLimits();
    const person = newPerson("forged");
    await signUpFrom(newAddress(), person);
    const token = new URL(linkIn(mailsTo(person.email)[0])!).searchParams.get("token")!;
    const [userId, expires, mac] = token.split(".");
    const caller = createCaller({ userId: null });
    for (const bad of [`${userId}.${Number(expires) + 3600}.${mac}`, `${userId}.${expires}.${mac.slice(0, -2)}AA`, "garbage", `${userId}.${expires}`]) {
      await expect(caller.account.verifyEmail({ token: bad })).resolves.toEqual({ outcome: "invalid" });
    }
    expect((await accountOf(person.email)).workspace.balance).toBe(0n);
  });

  it("sends the link again on request, a few times an hour", async () => {
    freshLimits();
    const person = newPerson("resend");
    await signUpFrom(newAddress(), person);
    const { user } = await accountOf(person.email);
    const member = createCaller({ userId: user.id, origin: ORIGIN });
    for (let i = 0; i < 3; i++) await expect(member.account.resendVerification()).resolves.toEqual({ sent: true });
    expect(mailsTo(person.email).filter(linkIn)).toHaveLength(4);
    const refused = await refusal(member.account.resendVerification());
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
  });
});
