"use client";
// Switches between light and dark and remembers the choice; until one is made, the console follows
// the system's preference, also when it changes while the page is open.
import { useEffect, useSyncExternalStore } from "react";
import { THEME_KEY } from "./theme-script";

const systemDark = () => matchMedia("(prefers-color-scheme: dark)");
const root = () => document.documentElement;

/** The theme is the class on <html>: every toggle on the page (header, menu) reads it from there. */
function watchTheme(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(root(), { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDark = () => root().classList.contains("dark");

export function ThemeToggle() {
  // null while server-rendered: the theme is known only in the browser.
  const dark = useSyncExternalStore(watchTheme, isDark, () => null);
  useEffect(() => {
    const query = systemDark();
    const follow = () => {
      if (!localStorage.getItem(THEME_KEY)) root().classList.toggle("dark", query.matches);
    };
    query.addEventListener("change", follow);
    // A change before this effect ran (after the inline script, while the bundles loaded) had no listener.
    follow();
    return () => query.removeEventListener("change", follow);
  }, []);
  const flip = () => {
    const next = !isDark();
    root().classList.toggle("dark", next);
    localStorage.setItem(THEME_KEY, next ? "dark" : "light");
  };
  return (
    <button
      type="button"
      onClick={flip}
      aria-pressed={dark ?? undefined}
      data-testid="theme-toggle"
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
    >
      <span className="sr-only">Dark theme</span>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        {dark ? (
          <path d="M10 3.5a.75.75 0 0 1 .75.75v1a.75.75 0 0 1-1.5 0v-1A.75.75 0 0 1 10 3.5Zm0 3.25a3.25 3.25 0 1 1 0 6.5 3.25 3.25 0 0 1 0-6.5ZM4.25 9.25a.75.75 0 0 1 0 1.5h-1a.75.75 0 0 1 0-1.5h1Zm12.5 0a.75.75 0 0 1 0 1.5h-1a.75.75 0 0 1 0-1.5h1ZM10 14a.75.75 0 0 1 .75.75v1a.75.75 0 0 1-1.5 0v-1A.75.75 0 0 1 10 14Z" />
        ) : (
          <path d="M8.5 2.6a.75.75 0 0 1 .2.83 6 6 0 0 0 7.87 7.87.75.75 0 0 1 .96.99A7.5 7.5 0 1 1 7.7 2.4a.75.75 0 0 1 .8.2Z" />
        )}
      </svg>
    </button>
  );
}
