// The theme's one rule, run before the first paint (an inline script of the root layout, so no
// flash of the other theme) and again by the toggle: `dark` on <html> when the member chose dark,
// or chose nothing and the system prefers dark. The choice lives in localStorage under THEME_KEY.
export const THEME_KEY = "sy-theme";

export const themeScript = `(function(){try{var c=localStorage.getItem(${JSON.stringify(THEME_KEY)});var d=c?c==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;
