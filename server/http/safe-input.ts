// What a client sends (a JSON body, query and path parameters, a console call's input) is checked
// once before any schema sees it: no NUL byte (no database text can hold one), no ill-formed
// string (a lone UTF-16 surrogate: PostgreSQL's json refuses it, so it would fail a write long after
// the request was accepted), and no nesting deeper than any request of ours needs. The walk is
// iterative, so a body nested 100,000 deep is refused in words rather than overflowing the stack.
import "server-only";
import { AppError } from "../errors";

/** Deeper than any request the APIs take (a JSON schema inside `response_format` included). */
export const MAX_INPUT_DEPTH = 64;

type Problem = { path: string[]; what: "nul" | "ill_formed" | "too_deep" };

// With the `u` flag a surrogate pair is one code point, so only a lone surrogate matches.
const LONE_SURROGATE = /\p{Cs}/u;

const badText = (text: string): Problem["what"] | null =>
  text.includes("\u0000") ? "nul" : LONE_SURROGATE.test(text) ? "ill_formed" : null;

/** The first problem in `value`, with the path of the field at fault; null when there is none. */
export function inputProblem(value: unknown): Problem | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === "string") {
      const what = badText(item);
      if (what) return { path, what };
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, what: "too_deep" };
    // Pushed in reverse, so the first field at fault is the first one named.
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const what = badText(key);
      if (what) return { path: [...path, key], what };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

const fixes: Record<Problem["what"], string> = {
  nul: "contains a NUL character; remove it",
  ill_formed: "contains an ill-formed string (a lone UTF-16 surrogate, such as `\\udfff` without its pair); send well-formed UTF-8 text",
  too_deep: `is nested more than ${MAX_INPUT_DEPTH} levels deep, more than any request takes`,
};

/** Refuses what `inputProblem` finds with 400 `invalid_body`, naming the field (`where`: body, query, input, path). */
export function refuseUnsafeInput(value: unknown, where: string): void {
  const problem = inputProblem(value);
  if (!problem) return;
  // A path 64 deep is not worth reading back in full: its start says where it is.
  const shown = problem.path.length > 8 ? [...problem.path.slice(0, 8), "…"] : problem.path;
  const param = shown.join(".");
  throw new AppError("invalid_body", `${param ? `\`${param}\`` : `The ${where}`} ${fixes[problem.what]}.`, param ? { param } : {});
}
