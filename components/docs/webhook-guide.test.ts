// The by-hand verification of /docs verifies what the service sends: a delivery signed with the
// `standardwebhooks` package, as server/webhooks/send.ts signs one (and during a rotation, with two).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { BY_HAND } from "./webhook-guide";

type Verify = (secret: string, headers: Record<string, string>, body: string) => unknown;
const verify = new Function("createHmac", "timingSafeEqual", `${BY_HAND.replace(/^import .*\n/, "")}\nreturn verifySwitchyard;`)(createHmac, timingSafeEqual) as Verify;

const secret = () => `whsec_${randomBytes(24).toString("base64")}`;
const body = JSON.stringify({ id: "evt_01", type: "webhook.ping", data: { webhook_id: "whk_01" } });

function signed(secrets: string[], at = new Date()) {
  const signatures = secrets.map((s) => new Webhook(s).sign("evt_01", at, body)).join(" ");
  return { "webhook-id": "evt_01", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signatures };
}

describe("the Verify webhooks guide's by-hand code", () => {
  it("accepts a delivery signed as the service signs it, one secret or two", () => {
    const [current, previous] = [secret(), secret()];
    expect(verify(current, signed([current]), body)).toEqual(JSON.parse(body));
    expect(verify(current, signed([current, previous]), body)).toEqual(JSON.parse(body));
    expect(verify(previous, signed([current, previous]), body)).toEqual(JSON.parse(body));
  });
  it("refuses a changed body, another secret, an old delivery and a missing header", () => {
    const key = secret();
    expect(() => verify(key, signed([key]), body.replace("ping", "pong"))).toThrow("bad signature");
    expect(() => verify(secret(), signed([key]), body)).toThrow("bad signature");
    expect(() => verify(key, signed([key], new Date(Date.now() - 6 * 60_000)), body)).toThrow("too old");
    const { "webhook-signature": _, ...unsigned } = signed([key]);
    expect(() => verify(key, unsigned, body)).toThrow("not a signed delivery");
  });
});
