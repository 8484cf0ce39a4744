// The operators' view of the changes that belong to no workspace (live product rates, tier
// limits): listed newest first to operators only, through the console's tRPC API.
import { expect, test } from "@playwright/test";
import { sessionOf, trpcMutation, trpcQuery } from "../fixtures/console-session";
import { state } from "../fixtures/state";

const page = (input: object) => encodeURIComponent(JSON.stringify({ json: input }));

test("operator.auditEvents lists rate changes with the operator who made them; members are refused", async () => {
  const { op, a } = state();
  const operator = await sessionOf(op.email, op.password);
  const rates = await trpcQuery(operator, "operator.rates");
  expect(rates.status).toBe(200);
  const { product, input_per_million_tokens: input, output_per_million_tokens: output } = rates.data[0];
  // The same rates again: a change on record that moves no other spec's numbers.
  const set = await trpcMutation(operator, "operator.setRate", { product, input, output });
  expect(set.status, JSON.stringify(set)).toBe(200);

  const listed = await trpcQuery(operator, `operator.auditEvents?input=${page({ limit: 20 })}`);
  expect(listed.status).toBe(200);
  const event = listed.data.audit_events.find((e: { action: string; target: { id: string } }) => e.action === "operator.set_rate" && e.target.id === product);
  expect(event).toMatchObject({
    actor: { type: "operator", id: expect.stringMatching(/^usr_/), name: op.email },
    target: { type: "product", id: product, name: product },
    id: expect.stringMatching(/^aud_/),
  });
  expect(listed.data).toHaveProperty("next_cursor");

  const member = await sessionOf(a.email, a.password);
  const refused = await trpcQuery(member, `operator.auditEvents?input=${page({ limit: 20 })}`);
  expect(refused.code).toBe("FORBIDDEN");
});
