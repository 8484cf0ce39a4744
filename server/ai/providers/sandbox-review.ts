// The sandbox's answers on the review endpoint: the lines under review quoted with their numbers,
// then each of a few common problems it finds named at its line (an operator that contradicts the
// function's name, an argument never used, `== None`, a mutable default argument, a bare
// `except:`, an assignment where a condition belongs), or, when none is there, what it looked for.
// It reads code as text, not as a parser would: a demo that is right about what it says.
import "server-only";

type Finding = { line: number; text: string };
type Func = { name: string; params: string[]; line: number; body: string; bodyStart: number };

const MAX_QUOTED_LINES = 40;
/**
 * The most of a prompt it reads, functions it looks into and arguments it checks: a caller's
 * input is bounded before any work on it (a pattern over a long unbroken word costs the square of
 * its length). Past these it says what it reviewed.
 */
export const MAX_REVIEWED_CHARS = 8_000;
const MAX_FUNCTIONS = 50;
const MAX_PARAMS = 20;

/** The code of a review request: a fenced block's content, else the text after "Review:", else all. */
export function codeUnderReview(prompt: string): string {
  const fenced = /```[\w+-]*\n([\s\S]*?)```/.exec(prompt);
  if (fenced) return fenced[1].replace(/\n$/, "");
  return prompt.replace(/^\s*(please\s+)?review( this)?( code)?\s*:\s*/i, "").replace(/^\n+|\s+$/g, "");
}

const DEFINITIONS = [
  /\bdef\s+(\w+)\s*\(([^)]*)\)\s*(?:->\s*[^:]+)?:/g,
  /\bfunction\s+(\w+)\s*\(([^)]*)\)/g,
  /\b(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?\(([^)]*)\)\s*=>/g,
  /\bfunc\s+(\w+)\s*\(([^)]*)\)/g,
  /\bfn\s+(\w+)\s*(?:<[^>]*>)?\s*\(([^)]*)\)/g,
];

const lineAt = (code: string, index: number) => code.slice(0, index).split("\n").length;

/** Each function the code defines, with its body: up to the next definition (good enough for a demo). */
function functions(code: string): Func[] {
  const found = DEFINITIONS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => ({ m, end: m.index + m[0].length })));
  found.sort((a, b) => a.m.index - b.m.index);
  return found.slice(0, MAX_FUNCTIONS).map(({ m, end }, i) => ({
    name: m[1],
    params: m[2].split(",").slice(0, MAX_PARAMS).map((p) => p.trim().replace(/^[*&]+|^(mut\s+)/, "").split(/[\s:=]/)[0]).filter((p) => p && !/^(self|cls|_\w*)$/.test(p)),
    line: lineAt(code, m.index),
    body: code.slice(end, found[i + 1]?.m.index ?? code.length),
    bodyStart: end,
  }));
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split(/_+/).filter(Boolean);

type Meaning = { says: string; op: string; wrong: RegExp; right: string };
const MEANINGS: [RegExp, Meaning][] = [
  [/^(add|sum|plus|total)$/, { says: "adds", op: "+", wrong: /(\w+)\s*-\s*(\w+)/, right: "+" }],
  [/^(sub|subtract|minus|difference|diff)$/, { says: "subtracts", op: "-", wrong: /(\w+)\s*\+\s*(\w+)/, right: "-" }],
  [/^(mul|multiply|times|product)$/, { says: "multiplies", op: "*", wrong: /(\w+)\s*[+-]\s*(\w+)/, right: "*" }],
  [/^(div|divide|quotient)$/, { says: "divides", op: "/", wrong: /(\w+)\s*\*\s*(\w+)/, right: "/" }],
];
const OPERATION: Record<string, string> = { "+": "an addition", "-": "a subtraction", "*": "a multiplication", "/": "a division" };

function contradictions(code: string, fn: Func): Finding[] {
  const meaning = words(fn.name).map((w) => MEANINGS.find(([pattern]) => pattern.test(w))?.[1]).find(Boolean);
  if (!meaning || fn.body.includes(meaning.op)) return [];
  const wrong = meaning.wrong.exec(fn.body);
  if (!wrong) return [];
  const used = wrong[0].replace(/\w+|\s+/g, "").trim();
  const fixed = `${wrong[1]} ${meaning.right} ${wrong[2]}`;
  return [{ line: lineAt(code, fn.bodyStart + wrong.index), text: `\`${fn.name}\` computes \`${wrong[0]}\`, ${OPERATION[used]}, though its name says it ${meaning.says}: it should be \`${fixed}\`.` }];
}

function unusedArguments(fn: Func): Finding[] {
  const unused = fn.params.filter((p) => !new RegExp(`\\b${p.replace(/\W/g, "")}\\b`).test(fn.body));
  if (!unused.length) return [];
  const list = unused.map((p) => `\`${p}\``).join(" and ");
  return [{ line: fn.line, text: `\`${fn.name}\` never uses its argument${unused.length > 1 ? "s" : ""} ${list}: drop ${unused.length > 1 ? "them" : "it"}, or the body is missing ${unused.length > 1 ? "their" : "its"} use.` }];
}

const LINE_CHECKS: [RegExp, string][] = [
  [/[!=]=\s*None\b/, "compares with `None` using `==`/`!=`; use `is None` / `is not None` (an object may define `==` otherwise)."],
  [/\bdef\s+\w+\s*\([^)]*=\s*(\[\]|\{\}|set\(\))/, "has a mutable default argument: it is created once and shared by every call; default to `None` and make it inside."],
  [/^\s*except\s*:/, "has a bare `except:`, which also catches KeyboardInterrupt and SystemExit; catch the exceptions you expect."],
  [/\b(if|while)\s*\(\s*[\w.[\]]+\s*=\s*[^=]/, "assigns (`=`) where a comparison (`===`) is meant: the condition is the assigned value."],
];

/** The review's text for the code in `prompt`. */
export function sandboxReview(prompt: string): string {
  const whole = codeUnderReview(prompt.slice(0, MAX_REVIEWED_CHARS * 2));
  const code = whole.slice(0, MAX_REVIEWED_CHARS);
  const cut = whole.length > code.length || prompt.length > MAX_REVIEWED_CHARS * 2;
  const lines = code.split("\n");
  if (!code.trim()) return "There is no code to review: send the code in the prompt (a fenced block, or after `Review:`).";
  const findings: Finding[] = [
    ...functions(code).flatMap((fn) => [...contradictions(code, fn), ...unusedArguments(fn)]),
    ...lines.flatMap((text, i) => LINE_CHECKS.filter(([pattern]) => pattern.test(text)).map(([, problem]) => ({ line: i + 1, text: `Line ${i + 1} ${problem}` }))),
  ].sort((a, b) => a.line - b.line);
  const width = String(Math.min(lines.length, MAX_QUOTED_LINES)).length;
  const quotedLines = lines.slice(0, MAX_QUOTED_LINES).map((text, i) => `${String(i + 1).padStart(width)} | ${text}`);
  if (lines.length > MAX_QUOTED_LINES) quotedLines.push(`${"".padStart(width)} | ... (${lines.length - MAX_QUOTED_LINES} more lines)`);
  const head = `Review of the ${lines.length === 1 ? "line" : `${lines.length} lines`} ${cut ? `in the first ${MAX_REVIEWED_CHARS.toLocaleString("en-US")} characters` : "sent"}:\n\n\`\`\`\n${quotedLines.join("\n")}\n\`\`\``;
  if (!findings.length) {
    return `${head}\n\nNo common problem found: this sandbox engine checks for an operator that contradicts a function's name, unused arguments, \`== None\`, mutable default arguments, bare \`except:\` and assignments in conditions. A real engine reviews more deeply.`;
  }
  const said = findings.map((f) => `- **Line ${f.line}:** ${f.text.replace(/^Line \d+ /, "This line ")}`);
  return `${head}\n\n${findings.length === 1 ? "One problem" : `${findings.length} problems`}:\n\n${said.join("\n")}`;
}
