// tRPC called from server components (console layout and pages): the same procedures as the
// browser's, without an HTTP hop. Memoised per request with React's `cache`.
import "server-only";
import { TRPCError } from "@trpc/server";
import { redirect } from "next/navigation";
import { cache } from "react";
import { createCaller } from "./root";
import { createContext } from "./trpc";

export const serverCaller = cache(async () => createCaller(await createContext()));

/**
 * The signed-in member's workspace, or a redirect to sign-in. Every console page calls it, not
 * only the layout: on client-side navigation Next re-renders the page but not the shared layout.
 */
export const consoleWorkspaceDuringSetUp = cache(async () => {
  const caller = await serverCaller();
  try {
    return await caller.workspace.current();
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.code === "UNAUTHORIZED") redirect("/sign-in");
    // A valid session for a user who no longer has a workspace (e.g. a reset database).
    if (error.code === "NOT_FOUND") redirect("/sign-in?error=SessionRequired");
    throw error;
  }
});

/** Where a member goes whose workspace requires two-factor sign-in they have not set up. */
export const TWO_FACTOR_SET_UP_PATH = "/security?two_factor=set_up";

/**
 * The workspace for every console page but the Security page (and the shell, which uses
 * consoleWorkspaceDuringSetUp): a member held at the two-factor set-up is sent there first.
 */
export async function consoleWorkspace() {
  const workspace = await consoleWorkspaceDuringSetUp();
  if (workspace.mustSetUpTwoFactor) redirect(TWO_FACTOR_SET_UP_PATH);
  return workspace;
}
