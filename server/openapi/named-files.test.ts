// The README and the OpenAPI document speak to a user of this repository: every file or folder
// they name must be in it (or be one the app creates as it runs), and every absolute path must be
// one the app serves. A pointer to a document only the authors have (a shared contract, a design
// note) fails here; /docs is the reference.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";

const root = process.cwd();
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
const trackedNames = new Set(tracked.map((file) => basename(file)));
const topLevel = new Set(tracked.map((file) => file.split("/")[0]));
/** Folders the app or its tools create on a user's machine (not in git). */
const madeAtRunTime = [".data", ".next", "node_modules", "e2e/.state", ".engines"];
const extensions = "md|mdx|ts|tsx|mjs|cjs|js|json|sql|prisma|ya?ml|toml|sh|env|txt|log|csv|html";
const fileName = new RegExp(`^[\\w.@-]+\\.(?:${extensions})$`);
const mimeType = /^(?:application|text|image|audio|video|multipart)\//;
/** Names of products that look like file names. */
const productNames = new Set(["Next.js", "Node.js"]);
/** The user's own system (a browser binary, a temp folder), never a file of ours. */
const systemPath = /^\/(?:usr|etc|tmp|var|opt|bin|home)\//;

/** First segments of the paths the app serves: its route folders (route groups opened). */
function servedRoots(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (/^\(.*\)$/.test(entry.name)) walk(join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  walk(join(root, "app"));
  return names;
}
const served = servedRoots();

/** Every path-like word of `text`: with a slash, or a file name with a known extension. */
export function pathMentions(text: string): string[] {
  const withoutUrls = text.replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, " ").replace(/\bdata:\S+/g, " ");
  // A name called like a function in a code example (`console.log(...)`) is code, not a path.
  const withoutCalls = withoutUrls.replace(/[\w$.]+\(/g, " (");
  const words = withoutCalls.split(/[\s`'"()[\],;|*]+/).map((word) => word.replace(/^[<>]+|[.:!?>]+$/g, ""));
  return words.filter(
    (word) => word.length > 1 && !mimeType.test(word) && !productNames.has(word) && !systemPath.test(word) && (word.includes("/") || fileName.test(word)),
  );
}

/** Why a mention does not resolve, or null when it does. */
export function unresolved(mention: string): string | null {
  const path = mention.replace(/^\.\//, "");
  if (path.startsWith("/")) {
    const first = path.split("/")[1]?.split(/[?#]/)[0] ?? "";
    return first === "" || served.has(first) ? null : `${mention} is not a path this app serves`;
  }
  const fixed = path.split(/[<{*]/)[0].replace(/\/$/, "");
  if (!fixed.includes("/")) {
    // A bare name: a file of the repository by name, a top-level folder, or a run-time folder.
    if (trackedNames.has(fixed) || topLevel.has(fixed) || madeAtRunTime.includes(fixed)) return null;
    return fileName.test(fixed) || path.endsWith("/") ? `${mention} is not a file of this repository` : null;
  }
  const first = fixed.split("/")[0];
  // Word pairs like read/write or switchyard/<product> are not paths: only a known top-level
  // folder, a file extension or a trailing slash makes a relative word a path.
  const looksLikePath = topLevel.has(first) || madeAtRunTime.some((dir) => fixed.startsWith(dir)) || fileName.test(basename(fixed));
  if (!looksLikePath) return null;
  if (existsSync(join(root, fixed)) || madeAtRunTime.some((dir) => fixed === dir || fixed.startsWith(`${dir}/`))) return null;
  return `${mention} is not in this repository`;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe("the README and the OpenAPI document name only what a user has", () => {
  it("README.md", () => {
    const text = readFileSync(join(root, "README.md"), "utf8");
    expect(pathMentions(text).map(unresolved).filter(Boolean)).toEqual([]);
  });

  it("the OpenAPI document (descriptions and examples)", () => {
    const text = stringsOf(openApiDocument()).join("\n");
    expect(pathMentions(text).map(unresolved).filter(Boolean)).toEqual([]);
  });

  it("catches what it is for", () => {
    // A document kept outside this repository; its name is built so that no file here spells it.
    expect(unresolved(["API", "md"].join("."))).toMatch(/not a file/);
    expect(unresolved("docs/contract.md")).toMatch(/not in this repository/);
    expect(unresolved("/internal/notes")).toMatch(/not a path this app serves/);
    for (const fine of ["README.md", "server/billing/tiers.ts", "/v1/api_keys/{id}", "/docs", "prisma/migrations/", ".data/", "read/write", "application/json"]) {
      expect(unresolved(fine), fine).toBeNull();
    }
  });
});
