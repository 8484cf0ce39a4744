/** The cookie that remembers the console's chosen project (read by the server layout, written by the switcher). */
export const PROJECT_COOKIE = "sy_project";
