// The "Verify webhooks" guide of /docs: how a receiver checks that a delivery is ours and fresh,
// with the `standardwebhooks` package in JS and in Python, and by hand (webhook-guide.test.ts runs
// the by-hand code against a delivery signed the way server/webhooks/send.ts signs one).
import type { Guide } from "./guides";

export const BY_HAND = `import { createHmac, timingSafeEqual } from "node:crypto";

/** The event when the delivery is ours and at most 5 minutes old; throws otherwise. */
function verifySwitchyard(secret, headers, rawBody) {
  const id = headers["webhook-id"], timestamp = headers["webhook-timestamp"], signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) throw new Error("not a signed delivery");
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) throw new Error("too old, or the clock is off");
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  const ours = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ours) throw new Error("bad signature");
  return JSON.parse(rawBody);
}`;

export const WEBHOOK_GUIDE: Guide = {
  id: "verify-webhooks",
  title: "Verify webhooks",
  paragraphs: [
    "Every delivery is signed the Standard Webhooks way (standardwebhooks.com), so anyone who learns your endpoint's URL still cannot forge or replay an event. Three headers come with it: `webhook-id` (the event's `evt_...` id, the same on every retry: drop duplicates by it), `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature` (`v1,<base64>`; two, space-separated, for 24 hours after `POST /v1/webhooks/{id}/rotate_secret`).",
    "Verify the raw body, exactly as it arrived: parsed and re-serialised JSON would not match. The secret is the endpoint's `whsec_...`, shown once when it is made or rotated. Refuse a delivery whose timestamp is more than 5 minutes from your clock, answer 2xx within 15 s once you have stored the event, and do the work after.",
    "By hand: drop `whsec_` from the secret and base64-decode the rest; that is the key. Compute HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` and base64 it; the delivery is ours when one `v1,` entry of `webhook-signature` equals it (compare in constant time).",
  ],
  examples: [
    {
      caption: "The `standardwebhooks` package (npm) in a route handler.",
      code: `import { Webhook } from "standardwebhooks";

const verifier = new Webhook(process.env.SWITCHYARD_WEBHOOK_SECRET); // "whsec_..."
export async function POST(request) {
  const body = await request.text(); // the raw body
  let event;
  try {
    event = verifier.verify(body, Object.fromEntries(request.headers)); // throws if forged or older than 5 min
  } catch {
    return new Response("bad signature", { status: 400 });
  }
  // store event (idempotently by event.id), then answer
  return new Response(null, { status: 204 });
}`,
    },
    {
      caption: "The `standardwebhooks` package (PyPI) in Flask.",
      code: `import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

app = Flask(__name__)
verifier = Webhook(os.environ["SWITCHYARD_WEBHOOK_SECRET"])  # "whsec_..."

@app.post("/switchyard")
def switchyard_event():
    try:
        event = verifier.verify(request.get_data(), dict(request.headers))  # the raw body
    except WebhookVerificationError:
        return "bad signature", 400
    # store event (idempotently by event["id"]), then answer
    return "", 204`,
    },
    { caption: "By hand, with nothing but Node's `crypto`.", code: BY_HAND },
  ],
};
