// A browser's User-Agent header in plain words for the session list ("Firefox on Linux"): the
// common browsers and systems by their usual tokens, most specific first; anything else is named
// as "Unknown browser" rather than guessed.

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function browserWords(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const headless = /\bHeadlessChrome\//.test(userAgent);
  const browser = headless ? "Headless Chrome" : browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return system ? `Unknown browser on ${system}` : "Unknown browser";
  return system ? `${browser} on ${system}` : browser;
}
