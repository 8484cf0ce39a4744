// Another API's paging parameters on every list: `starting_after` (Stripe, OpenAI) and `page`
// (DigitalOcean) are refused, naming the parameter and pointing at `cursor` (server/http/field-aliases.ts).
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { state } from "../fixtures/state";

const LISTS = ["/v1/instances", "/v1/snapshots", "/v1/ssh_keys", "/v1/domains", "/v1/webhooks", "/v1/api_keys", "/v1/audit_events", "/v1/billing/transactions", "/api/public/v1/generations"];

for (const param of ["starting_after", "page"]) {
  test(`?${param}= on every list → 400 invalid_body naming it, with a hint to cursor`, async () => {
    const { a } = state();
    for (const list of LISTS) {
      const res = await call("GET", `${list}?${param}=2`, { key: a.readKey });
      expect(res.status, list).toBe(400);
      expect(res.body.error, list).toMatchObject({ code: "invalid_body", param });
      expect(res.body.error.message, list).toContain(`\`${param}\``);
      expect(res.body.error.message, list).toContain("`cursor`");
      expect(res.body.error.message, list).toContain("`next_cursor`");
    }
  });
}
