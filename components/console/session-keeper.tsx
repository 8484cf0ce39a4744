"use client";
// Keeps the console's session alive while it is used: a session ends after 12 hours without a
// refresh (server/auth-sessions.ts), and reading it from next-auth re-issues the cookie for 12
// more. Refreshed when a console page opens and on the user's input, at most every 10 minutes, so
// a tab left open and untouched does not keep it alive. A session that has ended meanwhile
// (signed out elsewhere) goes back to sign-in.
import { useEffect } from "react";

const REFRESH_EVERY_MS = 10 * 60 * 1000;

export function SessionKeeper() {
  useEffect(() => {
    let last = 0;
    const refresh = () => {
      const now = Date.now();
      if (now - last < REFRESH_EVERY_MS) return;
      last = now;
      fetch("/api/auth/session", { cache: "no-store" })
        .then(async (response) => {
          if (!response.ok) return;
          const session = (await response.json()) as { user?: unknown };
          if (!session.user) window.location.assign("/sign-in");
        })
        .catch(() => undefined); // offline for a moment: the next input tries again
    };
    refresh();
    const inputs = ["pointerdown", "keydown"] as const;
    for (const input of inputs) window.addEventListener(input, refresh, { passive: true });
    return () => {
      for (const input of inputs) window.removeEventListener(input, refresh);
    };
  }, []);
  return null;
}
