// Where signing in (or up) leads: back to the page that sent the visitor there (`callbackUrl`, as
// next-auth names it: an invitation's page, say), when that is a page of this site; else the
// console. Anything else (another site, `//host`, a backslash trick) is ignored, not followed.
export const CONSOLE_HOME = "/overview";

const MAX = 1000;

export function returnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX) return CONSOLE_HOME;
  const base = "http://switchyard.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return CONSOLE_HOME;
  }
  return url.origin === base ? `${url.pathname}${url.search}` : CONSOLE_HOME;
}

/** The sign-in or sign-up page that comes back to `path` afterwards (plain when that is the console). */
export function withReturn(page: "/sign-in" | "/sign-up", path: string): string {
  return path === CONSOLE_HOME ? page : `${page}?callbackUrl=${encodeURIComponent(path)}`;
}
