// The low-balance alert over REST and tRPC: the threshold and the owners' mail are read and set
// like auto-recharge; twenty concurrent generations that take the balance below the threshold mail
// the owner once, more charges below it mail nothing, and once the balance is back at or above the
// threshold the next fall mails again (console roles: admin and owner, server/workspaces/roles.ts).
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { generate } from "../fixtures/ai";
import { trpcMutation, trpcQuery } from "../fixtures/console-session";
import { mailsTo, waitForMails } from "../fixtures/mailbox";
import { memberKey, newMember } from "../fixtures/new-member";

const LOW = /^Your Switchyard balance is low$/;
const balanceOf = async (key: string) => (await call("GET", "/v1/billing", { key })).body.balance as number;
const justBelow = (credits: number) => Math.round((credits - 0.000001) * 1e6) / 1e6;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

test("a fall below the threshold mails the owner once, however many charges cross it at once; a fall after coming back mails again", async () => {
  test.setTimeout(120_000);
  const member = await newMember("lowbalance", { verified: true });
  const key = await memberKey(member);
  const start = await call("GET", "/v1/billing/low_balance_alert", { key });
  expect(start.status, start.text).toBe(200);
  expect(start.body).toEqual({ threshold_credits: 1, mail_owners: false, below_threshold: false });

  // Just below the balance: the first charge takes it under.
  const set = await call("PATCH", "/v1/billing/low_balance_alert", { key, body: { threshold_credits: justBelow(await balanceOf(key)), mail_owners: true } });
  expect(set.status, set.text).toBe(200);
  expect(set.body).toMatchObject({ mail_owners: true, below_threshold: false });
  const answers = await Promise.all(Array.from({ length: 20 }, () => generate(key, { prompt: "hello", max_output_tokens: 16 })));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  const [mail] = await waitForMails(member.email, LOW);
  expect(mail.text).toContain(`below the low-balance threshold of ${set.body.threshold_credits} credits`);
  expect((await call("GET", "/v1/billing/low_balance_alert", { key })).body.below_threshold).toBe(true);
  for (let i = 0; i < 3; i++) expect((await generate(key, { prompt: "hello", max_output_tokens: 16 })).status).toBe(200);
  await settle();
  expect(mailsTo(member.email).filter((m) => LOW.test(m.subject))).toHaveLength(1);

  // Back at or above the threshold (a lower one, through the console), then below it again: a second mail.
  const lowered = await trpcMutation(member.cookie, "billing.updateLowBalanceAlert", { threshold_credits: justBelow(await balanceOf(key)) });
  expect(lowered.status, lowered.message).toBe(200);
  expect(lowered.data.below_threshold).toBe(false);
  expect((await generate(key, { prompt: "hello", max_output_tokens: 16 })).status).toBe(200);
  expect(await waitForMails(member.email, LOW, 2)).toHaveLength(2);
  const overview = await trpcQuery(member.cookie, "workspace.current");
  expect(overview.data).toMatchObject({ lowBalance: true, lowBalanceThreshold: lowered.data.threshold_credits });
});

test("a workspace that did not ask for the mail gets none; bad values are 400s naming the field", async () => {
  const member = await newMember("lowbalance-quiet", { verified: true });
  const key = await memberKey(member);
  const bad = await call("PATCH", "/v1/billing/low_balance_alert", { key, body: { threshold_credits: -1 } });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatchObject({ code: "invalid_body", param: "threshold_credits" });
  const unknown = await call("PATCH", "/v1/billing/low_balance_alert", { key, body: { mail: true } });
  expect(unknown.body.error).toMatchObject({ code: "invalid_body", param: "mail" });
  const set = await call("PATCH", "/v1/billing/low_balance_alert", { key, body: { threshold_credits: justBelow(await balanceOf(key)) } });
  expect(set.body).toMatchObject({ mail_owners: false });
  expect((await generate(key, { prompt: "hello", max_output_tokens: 16 })).status).toBe(200);
  expect((await call("GET", "/v1/billing/low_balance_alert", { key })).body.below_threshold).toBe(true);
  await settle();
  expect(mailsTo(member.email).filter((m) => LOW.test(m.subject))).toHaveLength(0);
});
