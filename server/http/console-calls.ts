// What every console call (tRPC) must be before any procedure sees it. A form on another site can
// POST `multipart/form-data` or `text/plain` without a CORS preflight, and the session cookie
// (SameSite=Lax) rides along from any sibling subdomain: so a call's body is JSON only (415
// otherwise, which no cross-site form can send without a preflight we never answer), and a call
// that changes anything must come from the console's own pages (its Origin, its Sec-Fetch-Site).
// Clients that send neither header (curl, the CLI's tests) are no browser and carry no victim's cookie.
import "server-only";
import { env } from "../env";
import { AppError } from "../errors";
import { addressNetwork, clientAddress } from "./client-address";
import { requestOrigin } from "./request-origin";

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The origins the console is served from: NEXTAUTH_URL's, and the one this request reached. */
function consoleOrigins(headers: Headers): Set<string> {
  const origins = new Set<string>();
  if (env.NEXTAUTH_URL) origins.add(new URL(env.NEXTAUTH_URL).origin);
  const reached = requestOrigin(headers);
  if (reached) origins.add(reached);
  return origins;
}

/** Refuses a console call that is not JSON, or a mutation from another site. */
export function refuseForeignCall(request: Request): void {
  if (request.method !== "POST") return;
  const type = request.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(type)) {
    throw new AppError("unsupported_media_type", "Console calls take JSON only: send the body with `Content-Type: application/json`.");
  }
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const foreign = (site !== null && site !== "same-origin") || (origin !== null && !consoleOrigins(request.headers).has(origin));
  if (foreign) throw new AppError("forbidden", "Console calls that change anything are taken only from the console's own pages.");
}

/** Whom the console's per-address call budget counts: the client's network (an IPv6 client by its /64). */
export function consoleCallSubject(headers: Headers): string {
  const address = clientAddress(headers);
  return `addr:${address ? addressNetwork(address) : "unknown"}`;
}
