/** The cookie that remembers the console's chosen project (read by the server layout, written by the switcher). */
export const PROJECT_COOKIE = "sy_project";

/** In the browser: the console acts on this project from now on. */
export function rememberProject(id: string): void {
  document.cookie = `${PROJECT_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * In the browser: no project chosen, so the layout starts with the workspace's first (after moving
 * to another workspace, whose projects are others).
 */
export function forgetProject(): void {
  document.cookie = `${PROJECT_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
