// The console session carries the user's id (set from the JWT's `sub` in server/auth.ts).
import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: { id: string } & DefaultSession["user"];
    /** The id of this session's row (server/accounts/sessions.ts). */
    sessionId: string;
  }
}
