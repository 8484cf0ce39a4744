import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { AppError, errorBody } from "@/server/errors";
import { cappedRequest } from "@/server/http/parse-body";
import { newId } from "@/server/ids";
import { authOptions } from "@/server/auth";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* — next-auth: csrf, session, credentials callback, sign-out. Bodies are
// capped like every other route's.
async function handler(request: NextRequest, context: RouteContext) {
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
