// The provider's webhook request: its signature verified (a bad one is 400 `invalid_body`, in the
// contract's error shape, and changes nothing), then the event applied once (provider-events.ts).
import "server-only";
import { AppError } from "../../errors";
import { log } from "../../log";
import { applyProviderEvent } from "./provider-events";
import { isProviderSignatureError } from "./provider";
import { paymentProvider } from "./settings";

/** Most a provider's event body may be (Stripe's are a few KB). */
const MOST_BYTES = 512 * 1024;

export async function receiveProviderEvent(body: string, signature: string | null) {
  const provider = paymentProvider();
  if (body.length > MOST_BYTES) throw new AppError("input_too_large", "The event body is too large.", { limit: MOST_BYTES });
  let event;
  try {
    event = provider.verifyEvent(body, signature);
  } catch (error) {
    if (!isProviderSignatureError(error)) throw error;
    log.warn({ reason: error.message }, "a payment event with a bad signature was refused");
    throw new AppError("invalid_body", "The event's signature does not verify with this endpoint's signing secret; nothing was applied.", { param: "stripe-signature" });
  }
  const outcome = await applyProviderEvent(provider, event);
  return { received: true, outcome };
}
