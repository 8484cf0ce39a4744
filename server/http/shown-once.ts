import "server-only";
/** A JSON answer carrying a secret shown once (an API key, a signing secret): never stored by a cache. */
export const shownOnce = (body: unknown, status: number) => Response.json(body, { status, headers: { "cache-control": "no-store" } });
