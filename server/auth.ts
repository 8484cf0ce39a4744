// Console sign-in with next-auth 4: email + password checked by the accounts service, sessions as
// signed JWT cookies carrying the user id, ended by sign-out (auth-sessions.ts). The console's one
// way to learn who is signed in.
import "server-only";
import type { AuthOptions } from "next-auth";
import { getServerSession } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { checkCredentials, SecondFactorRequired } from "./accounts/service";
import { signInInput } from "./accounts/schema";
import { AppError } from "./errors";
import { clientAddress } from "./http/client-address";
import { log } from "./log";
import { trustRequestHost } from "./auth-origin";
import { endSignedOutSessions, SESSION_IDLE_SECONDS, SessionEnded, sessionToken } from "./auth-sessions";
import { sessionSecret } from "./secrets";

/** Error codes the sign-in form understands (components/auth/sign-in-errors.ts). */
const signInErrors = { rateLimited: "rate_limited", unavailable: "unavailable", codeRequired: "two_factor_required" } as const;

let options: AuthOptions | undefined;

/**
 * Built on first use, not at import: `next build` imports route modules, and the secret may be
 * generated into DATA_DIR, which must happen in the serving process only.
 */
export function authOptions(): AuthOptions {
  trustRequestHost();
  options ??= {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_IDLE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          // Asked for only when the password was right and the user has two-factor sign-in.
          code: { label: "Authentication code", type: "text" },
        },
        async authorize(credentials, request) {
          const parsed = signInInput.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          try {
            const { email, password, code } = parsed.data;
            const user = await checkCredentials(email, password, clientAddress(request.headers), code || undefined);
            const userAgent = request.headers?.["user-agent"];
            return user && { ...user, client: { ...user.client, userAgent: typeof userAgent === "string" ? userAgent : null } };
          } catch (error) {
            if (error instanceof SecondFactorRequired) throw new Error(signInErrors.codeRequired);
            // next-auth puts a thrown message into the redirect URL: only our fixed codes may go there.
            if (error instanceof AppError && error.code === "rate_limited") {
              throw new Error(`${signInErrors.rateLimited}:${error.extra.retry_after ?? 60}`);
            }
            log.error({ err: error }, "sign-in check failed");
            throw new Error(signInErrors.unavailable);
          }
        },
      }),
    ],
    // next-auth's own messages go to our structured log (message only, no request data).
    logger: {
      error(code, metadata) {
        if (metadata instanceof SessionEnded) return log.debug({ code }, "next-auth: a session that has ended was used");
        const detail = metadata instanceof Error ? metadata.message : metadata.error?.message;
        if (code === "JWT_SESSION_ERROR") log.warn({ code, detail }, "next-auth: unreadable session cookie");
        else log.error({ code, detail }, "next-auth");
      },
      warn: (code) => log.warn({ code }, "next-auth"),
      debug: () => undefined,
    },
    events: { signOut: endSignedOutSessions },
    callbacks: {
      jwt: sessionToken,
      // next-auth already stores the user id as the token's `sub`; expose it on the session, with
      // the session's own id (the Security page marks the current session by it).
      session: ({ session, token }) => ({
        ...session,
        user: { ...session.user, id: token.sub ?? "" },
        sessionId: typeof token.sessionId === "string" ? token.sessionId : "",
      }),
    },
  };
  return options;
}

/** The signed-in user's id and session's id, or null; for the tRPC context. */
export async function signedInSession(): Promise<{ userId: string; sessionId: string | null } | null> {
  // Reading the request first makes `next build` stop prerendering here, before authOptions()
  // would generate the session secret in the build's DATA_DIR.
  await headers();
  const session = await getServerSession(authOptions());
  return session?.user?.id ? { userId: session.user.id, sessionId: session.sessionId || null } : null;
}

/** The signed-in user's id, or null; for server components and route handlers. */
export async function signedInUserId(): Promise<string | null> {
  return (await signedInSession())?.userId ?? null;
}
