// The Standard Webhooks signature header of deliveries: verifiable by the reference library with
// each secret of a rotation, and failing for an altered body, id or timestamp or a stale one.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSigningSecret } from "./secrets";
import { signatures } from "./send";

const body = JSON.stringify({ id: "evt_1", type: "instance.running", data: { id: "ins_1" } });

function headers(eventId: string, timestamp: Date, signature: string) {
  return { "webhook-id": eventId, "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)), "webhook-signature": signature };
}

describe("signatures", () => {
  it("signs with one secret as a single v1 signature that verifies", () => {
    const secret = newSigningSecret();
    const now = new Date();
    const header = signatures([secret], "evt_1", now, body);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers("evt_1", now, header))).toEqual(JSON.parse(body));
  });

  it("carries one signature per secret during a rotation, each verifying with its secret", () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    const now = new Date();
    const header = signatures([current, previous], "evt_2", now, body);
    const parts = header.split(" ");
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBe(signatures([current], "evt_2", now, body));
    expect(parts[1]).toBe(signatures([previous], "evt_2", now, body));
    expect(new Webhook(current).verify(body, headers("evt_2", now, header))).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers("evt_2", now, header))).toEqual(JSON.parse(body));
  });

  it("does not verify with a secret that is not in the header", () => {
    const now = new Date();
    const header = signatures([newSigningSecret(), newSigningSecret()], "evt_3", now, body);
    expect(() => new Webhook(newSigningSecret()).verify(body, headers("evt_3", now, header))).toThrow(/No matching signature/);
  });

  it("fails verification for a tampered body, with every secret", () => {
    const secrets = [newSigningSecret(), newSigningSecret()];
    const now = new Date();
    const header = signatures(secrets, "evt_4", now, body);
    const tampered = body.replace("ins_1", "ins_2");
    expect(tampered).not.toBe(body);
    for (const secret of secrets) {
      expect(() => new Webhook(secret).verify(tampered, headers("evt_4", now, header))).toThrow(/No matching signature/);
    }
  });

  it("fails verification for another event id or another timestamp than signed", () => {
    const secret = newSigningSecret();
    const now = new Date();
    const header = signatures([secret], "evt_5", now, body);
    expect(() => new Webhook(secret).verify(body, headers("evt_6", now, header))).toThrow(/No matching signature/);
    expect(() => new Webhook(secret).verify(body, headers("evt_5", new Date(now.getTime() - 1000), header))).toThrow(/No matching signature/);
  });

  it("fails verification when signed more than five minutes ago", () => {
    const secrets = [newSigningSecret(), newSigningSecret()];
    const stale = new Date(Date.now() - 6 * 60 * 1000);
    const header = signatures(secrets, "evt_7", stale, body);
    for (const secret of secrets) {
      expect(() => new Webhook(secret).verify(body, headers("evt_7", stale, header))).toThrow(/too old/);
    }
  });

  it("still verifies when signed four minutes ago, inside the tolerance", () => {
    const secret = newSigningSecret();
    const recent = new Date(Date.now() - 4 * 60 * 1000);
    const header = signatures([secret], "evt_8", recent, body);
    expect(new Webhook(secret).verify(body, headers("evt_8", recent, header))).toEqual(JSON.parse(body));
  });

  it("is deterministic for the same inputs and differs across secrets", () => {
    const [a, b] = [newSigningSecret(), newSigningSecret()];
    const at = new Date("2025-03-01T12:00:00Z");
    expect(signatures([a], "evt_9", at, body)).toBe(signatures([a], "evt_9", at, body));
    expect(signatures([a], "evt_9", at, body)).not.toBe(signatures([b], "evt_9", at, body));
  });

  it("gives an empty header for no secret", () => {
    expect(signatures([], "evt_10", new Date(), body)).toBe("");
  });
});
