import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { AppError, errorBody } from "@/server/errors";
import { notFound } from "@/server/http/not-routed";
import { cappedRequest } from "@/server/http/parse-body";
import { newId } from "@/server/ids";
import { authOptions } from "@/server/auth";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** next-auth 4's actions (its routes under /api/auth). */
const NEXT_AUTH_ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "_log"]);

// GET|POST /api/auth/* — next-auth: csrf, session, credentials callback, sign-out. Bodies are
// capped like every other route's.
async function handler(request: NextRequest, context: RouteContext) {
  // A path next-auth has no action for is a JSON 404 like any unknown API path (next-auth's own
  // answer is a plain-text 400).
  const [action] = (await context.params).nextauth;
  if (!NEXT_AUTH_ACTIONS.has(action)) return notFound.GET(request);
  let capped: NextRequest;
  try {
    capped = new NextRequest(await cappedRequest(request));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Response.json(errorBody(error, newId("req")), { status: error.status });
  }
  return NextAuth(capped, context, authOptions());
}

export { handler as GET, handler as POST };
