// Signing secrets of webhooks: `whsec_<base64>` as Standard Webhooks defines them, shown once and
// stored sealed (server/sealed.ts): the deliverer needs them in clear to sign, so a hash would not do.
import "server-only";
import { randomBytes } from "node:crypto";
import { sealer } from "../sealed";

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const webhookSecrets = sealer("webhook signing secrets", "webhook secret");
export const sealSecret = webhookSecrets.seal;
export const openSecret = webhookSecrets.open;
