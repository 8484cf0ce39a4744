"use client";
// Signs in with email + password and opens the console (or the page that sent the visitor to sign
// in: return-path.ts); shared by sign-in and sign-up.
import { useQueryClient } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { CONSOLE_HOME } from "./return-path";
import { signInErrorMessage } from "./sign-in-errors";

export function useCredentialsSignIn(returnTo: string = CONSOLE_HOME) {
  const router = useRouter();
  const queryClient = useQueryClient();
  /** Resolves to an error message (CODE_REQUIRED: ask for the second factor), or navigates to `returnTo` and resolves to null. */
  return async (email: string, password: string, code?: string): Promise<string | null> => {
    let result;
    try {
      result = await signIn("credentials", { email, password, ...(code && { code }), redirect: false });
    } catch {
      return "Could not reach the server. Check your connection and try again.";
    }
    if (!result || result.error) return signInErrorMessage(result?.error ?? "");
    // Nothing cached from before this sign-in may be shown to the new session.
    queryClient.clear();
    router.replace(returnTo);
    return null;
  };
}
