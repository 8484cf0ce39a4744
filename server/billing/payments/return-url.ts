// Where the customer comes back to from the provider's pages: the console's Billing page (at
// NEXTAUTH_URL when set, else the origin the request reached).
import "server-only";
import { env } from "../../env";

export function billingPageUrl(origin: string | null): string {
  const base = env.NEXTAUTH_URL?.replace(/\/+$/, "") ?? origin ?? `http://localhost:${env.PORT}`;
  return `${base}/billing`;
}
