// Console sign-up over real HTTP (tRPC): refused inside a batch, and a taken email answered
// exactly as a new one, its owner told by mail. Limits and SIGN_UP=closed: sign-up-limits.spec.ts.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { mailsTo, waitForMails, VERIFY_SUBJECT } from "../fixtures/mailbox";
import { state } from "../fixtures/state";

const newPerson = (label: string) => ({ name: `Api ${label}`, email: `${label}-${randomBytes(5).toString("hex")}@api.e2e.test`, password: "a-long-enough-password" });
const signUp = (person: object) => call("POST", "/api/trpc/account.signUp", { body: { json: person } });

test("two sign-ups in one tRPC batch are refused, and neither account is made", async () => {
  const one = newPerson("batch-one");
  const two = newPerson("batch-two");
  const batch = await call("POST", "/api/trpc/account.signUp,account.signUp?batch=1", { body: { 0: { json: one }, 1: { json: two } } });
  expect(batch.status).toBe(400);
  expect(batch.body).toHaveLength(2);
  for (const answer of batch.body) expect(answer.error.json.message).toBe("This call must be sent alone, not in a batch.");

  // Alone, each is a new account: a verification mail, not a "someone tried" one.
  for (const person of [one, two]) {
    expect((await signUp(person)).status).toBe(200);
    await waitForMails(person.email, VERIFY_SUBJECT);
    expect(mailsTo(person.email).map((mail) => mail.subject)).toEqual(["Verify your email for Switchyard"]);
  }
});

test("one sign-up sent by the batch link (a batch of one) is served", async () => {
  const person = newPerson("batch-of-one");
  const single = await call("POST", "/api/trpc/account.signUp?batch=1", { body: { 0: { json: person } } });
  expect(single.status).toBe(200);
  expect(single.body[0].result.data.json).toEqual({ status: "check_email" });
});

test("a taken email gets the same answer as a new one; the owner gets a mail about it", async () => {
  const fresh = await signUp(newPerson("fresh"));
  const taken = await signUp({ ...newPerson("taken"), email: state().b.email });
  expect(taken.status).toBe(fresh.status);
  expect(taken.status).toBe(200);
  expect(taken.text).toBe(fresh.text);
  expect(taken.body).toEqual({ result: { data: { json: { status: "check_email" } } } });
  const [mail] = await waitForMails(state().b.email, /^Someone tried to sign up/);
  expect(mail.text).toContain(`${state().baseURL}/sign-in`);
  expect(mail.text).not.toContain("verify-email");
});
