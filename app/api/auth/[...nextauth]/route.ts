import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* — next-auth: csrf, session, credentials callback, sign-out
const handler = (request: NextRequest, context: RouteContext) => NextAuth(request, context, authOptions());

export { handler as GET, handler as POST };
