// The one place that turns zod's validation issues into words a client can act on, for every REST
// route (parse-body.ts), the console (the tRPC error formatter) and the admin CLI. Every missing
// field at once, with what to send ("`ssh_key_id` is required: an `ssh_...` id from GET
// /v1/ssh_keys", from the field's schema description); a known alias with what we call it
// (field-aliases.ts); wrong types and ranges in plain words. A schema's own message is kept.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { z } from "zod";
import { aliasFor, valueAliases } from "./field-aliases";
import { fieldHint, fieldsAt, LISTED_VALUES } from "./schema-fields";

type Issue = z.core.$ZodIssue;
type Path = PropertyKey[];

/** One field's problem: `text` follows the field's name ("is required", "must be a number"). */
export type FieldProblem = { path: Path; param: string; kind: "unknown" | "missing" | "wrong"; text: string; own?: string };
export type ValidationReport = { message: string; param?: string; problems: FieldProblem[] };

/** What was validated, as the message names it: "body", "query", "input" (console), "options" (CLI). */
export type Where = "body" | "query" | "input" | "options";
const unknownNoun: Record<Where, string> = { body: "field", query: "query parameter", input: "field", options: "option" };

const MAX_WRONG = 5;
/** Fields whose values a refusal never repeats. */
const SECRET_FIELD = /password|secret|token|code|otp|recovery|key$|^authorization$/i;
const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key)/;
const code = (value: unknown) => `\`${String(value)}\``;
const paramOf = (path: Path) => path.map(String).join(".");

function listed(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function valueAt(input: unknown, path: Path): { parent: unknown; value: unknown } {
  let parent: unknown = undefined;
  let value = input;
  for (const key of path) {
    parent = value;
    value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return { parent, value };
}

const typeWords: Record<string, string> = {
  string: "a string", number: "a number", int: "a whole number", boolean: "true or false", object: "an object",
  array: "a list", null: "null", bigint: "an integer", date: "a date", nan: "NaN",
};
const receivedWords: Record<string, string> = { boolean: "a boolean", null: "null", array: "a list", object: "an object", string: "a string", number: "a number" };

function typeText(issue: Extract<Issue, { code: "invalid_type" }>): string {
  const expected = typeWords[issue.expected] ?? `a ${issue.expected}`;
  const received = /received (\w+)/.exec(issue.message)?.[1];
  if (issue.expected === "int" && received === "number") return "must be a whole number";
  return received && receivedWords[received] ? `must be ${expected}, not ${receivedWords[received]}` : `must be ${expected}`;
}

function sizeText(issue: Extract<Issue, { code: "too_small" | "too_big" }>): string {
  const small = issue.code === "too_small";
  const bound = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === "string") {
    if (issue.exact) return `must be exactly ${bound} characters`;
    if (small && bound === 1) return "must not be empty";
    return `must be ${small ? "at least" : "at most"} ${bound} character${bound === 1 ? "" : "s"}`;
  }
  if (issue.origin === "array" || issue.origin === "set") {
    if (small && bound === 1) return "must not be empty";
    return `must have ${small ? "at least" : "at most"} ${bound} item${bound === 1 ? "" : "s"}`;
  }
  if (small) return `must be ${inclusive ? "at least" : "more than"} ${bound}`;
  return `must be ${inclusive ? "at most" : "less than"} ${bound}`;
}

const formatWords: Record<string, string> = {
  email: "must be an email address", url: "must be a URL", datetime: "must be an RFC 3339 time such as 2026-01-31T12:00:00Z",
  date: "must be a day, YYYY-MM-DD", uuid: "must be a UUID", regex: "has the wrong format",
};

/** A schema's own message, fitted to follow the field's name. */
function ownText(message: string): string {
  const text = message.replace(/\.$/, "").replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());
  if (/^(must|is|are|has|have|may|can|cannot|should|needs?)\b/.test(text)) return text;
  if (/^(use|send|enter|pick|choose|remove|at most|at least)\b/.test(text)) return `: ${text}`;
  return `must be ${text}`;
}

/** The issues of the union's branch that got furthest (a string-or-list field sent as a list of bad parts). */
function unionIssues(issue: Extract<Issue, { code: "invalid_union" }>): Issue[] | null {
  const near = (branch: Issue[]) => branch.every((i) => i.path.length === 0 && i.code === "invalid_type");
  const far = issue.errors.filter((branch) => branch.length > 0 && !near(branch));
  if (far.length === 0) return null;
  const best = far.reduce((a, b) => (b.length < a.length ? b : a));
  return best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue);
}

function wrongText(issue: Issue): string {
  const custom = !DEFAULT_MESSAGE.test(issue.message);
  switch (issue.code) {
    case "invalid_type":
      return custom ? ownText(issue.message) : typeText(issue);
    case "too_small":
    case "too_big":
      return custom ? ownText(issue.message) : sizeText(issue);
    case "invalid_value":
      if (custom) return ownText(issue.message);
      if (issue.values.length === 1) return `must be ${code(issue.values[0])}`;
      return issue.values.length <= LISTED_VALUES ? `must be one of ${issue.values.map(code).join(", ")}` : "is not one of the values allowed";
    case "invalid_format":
      if (custom) return ownText(issue.message);
      if (issue.format === "starts_with") return `must start with ${code((issue as { prefix?: string }).prefix)}`;
      return formatWords[issue.format] ?? `must be a valid ${issue.format}`;
    case "not_multiple_of":
      return custom ? ownText(issue.message) : `must be a multiple of ${issue.divisor}`;
    case "invalid_key":
      return "has a key that is not allowed";
    case "invalid_element":
      return "has a value that is not allowed";
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      if (options?.length) return `must be one of ${options.map(code).join(", ")}`;
      const expected = issue.errors.flatMap((b) => b.filter((i) => i.code === "invalid_type").map((i) => typeWords[(i as { expected: string }).expected]));
      return expected.length > 1 ? `must be ${listed([...new Set(expected.filter(Boolean))]).replace(/ and /, " or ")}` : "is invalid";
    }
    default:
      return custom ? ownText(issue.message) : "is invalid";
  }
}

function isMissing(issue: Issue, input: unknown, hasInput: boolean): boolean {
  if (issue.path.length === 0 || !["invalid_type", "invalid_value", "invalid_union"].includes(issue.code)) return false;
  if (!hasInput) return / received undefined$/.test(issue.message);
  const { parent, value } = valueAt(input, issue.path);
  return value === undefined && parent !== null && typeof parent === "object" && !Array.isArray(parent);
}

/** Each field's problem, aliases folded in: `name` sent for `hostname` is one problem, not two. */
export function fieldProblems(error: z.ZodError, input: unknown, options: { schema?: z.ZodType; hasInput?: boolean } = {}): FieldProblem[] {
  const hasInput = options.hasInput ?? true;
  const problems: FieldProblem[] = [];
  const pending = [...error.issues];
  while (pending.length > 0) {
    const issue = pending.shift()!;
    if (issue.code === "unrecognized_keys") {
      const known = fieldsAt(options.schema, issue.path);
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const alias = aliasFor(key, known);
        problems.push({ path, param: paramOf(path), kind: "unknown", text: alias ? alias.hint : "" });
      }
      continue;
    }
    if (isMissing(issue, input, hasInput)) {
      const hint = fieldHint(options.schema, issue.path);
      problems.push({ path: issue.path, param: paramOf(issue.path), kind: "missing", text: hint ? `is required: ${hint}` : "is required" });
      continue;
    }
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const deeper = unionIssues(issue);
      if (deeper) {
        pending.unshift(...deeper);
        continue;
      }
    }
    let text = wrongText(issue);
    const last = issue.path.at(-1);
    const valueAlias = valueAliases.find((a) => a.field === last && valueAt(input, issue.path).value === a.sent);
    if (valueAlias) text += `; ${valueAlias.hint}`;
    // The string sent, quoted the one way every refusal shows a value (server/vocab/quoted.ts);
    // never a secret's (a password, a code, a token), which no answer or log may carry.
    const sent = hasInput ? valueAt(input, issue.path).value : undefined;
    if (typeof sent === "string" && sent !== "" && !valueAlias && !SECRET_FIELD.test(String(last ?? ""))) text += ` (sent: ${quoted(sent)})`;
    const own = DEFAULT_MESSAGE.test(issue.message) ? undefined : issue.message;
    problems.push({ path: issue.path, param: paramOf(issue.path), kind: "wrong", text, own });
  }
  // A field sent under another API's name is missing under ours: say it once, as the alias.
  const aliased = new Set(
    problems.filter((p) => p.kind === "unknown" && p.text).map((p) => paramOf([...p.path.slice(0, -1), aliasFor(String(p.path.at(-1)), fieldsAt(options.schema, p.path.slice(0, -1)))!.use])),
  );
  return problems.filter((p) => !(p.kind === "missing" && aliased.has(p.param)));
}

/**
 * A typo's likely intent, at any depth: the known field one or two edits away (`nmae` → `name`),
 * else the field another form of the same word starts like (`generation` → `generate`).
 */
function nearest(problem: FieldProblem, schema: z.ZodType | undefined): string | undefined {
  const sent = String(problem.path.at(-1));
  const known = fieldsAt(schema, problem.path.slice(0, -1));
  return (
    known.find((field) => distance(sent, field) <= Math.min(2, field.length - 2)) ??
    known.find((field) => field.length >= 5 && sharedStart(sent, field) >= field.length - 1)
  );
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/[.;:]$/, "");
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}${trimmed.endsWith("?") ? "" : "."}`;
}

const named = (p: FieldProblem) => (p.param ? `${code(p.param)}${p.text.startsWith(":") ? "" : " "}${p.text}` : p.text);

/** The message of a failed validation: every unknown and missing field, then what else is wrong. */
export function describeValidation(error: z.ZodError, input: unknown, options: { where?: Where; schema?: z.ZodType; hasInput?: boolean } = {}): ValidationReport {
  const where = options.where ?? "body";
  const noun = unknownNoun[where];
  const inWhere = where === "query" ? "" : ` in the ${where}`;
  const problems = fieldProblems(error, input, options);
  const unknown = problems.filter((p) => p.kind === "unknown");
  const aliased = unknown.filter((p) => p.text);
  const guessed = unknown.filter((p) => !p.text && nearest(p, options.schema));
  const plain = unknown.filter((p) => !p.text && !guessed.includes(p));
  // A typo of a required field is one problem: the guess names the field that is missing.
  const meant = new Set(guessed.map((p) => paramOf([...p.path.slice(0, -1), nearest(p, options.schema)!])));
  const missing = problems.filter((p) => p.kind === "missing" && !meant.has(p.param));
  const wrong = problems.filter((p) => p.kind === "wrong");

  const sentences: string[] = [];
  for (const p of aliased) sentences.push(`unknown ${noun} ${code(p.param)}: ${p.text}`);
  for (const p of guessed) sentences.push(`unknown ${noun} ${code(p.param)}${inWhere}: did you mean ${code(nearest(p, options.schema))}?`);
  if (plain.length === 1) sentences.push(`unknown ${noun} ${code(plain[0].param)}${inWhere}; remove it`);
  if (plain.length > 1) sentences.push(`unknown ${noun}s ${listed(plain.map((p) => code(p.param)))}${inWhere}; remove them`);
  if (missing.length === 1) sentences.push(named(missing[0]));
  if (missing.length > 1) {
    const hints = missing.map((p) => (p.text.startsWith("is required: ") ? `${code(p.param)} (${p.text.slice("is required: ".length)})` : code(p.param)));
    sentences.push(`missing required ${where === "query" ? "parameters" : "fields"}: ${hints.join("; ")}`);
  }
  // A rule over the whole body: "must be an object" is the body's; "send at least one of ..." is said to the client.
  const whole = (p: FieldProblem) => (p.text.startsWith(": ") ? p.text.slice(2) : `the ${where} ${p.text}`);
  for (const p of wrong.slice(0, MAX_WRONG)) sentences.push(p.param ? named(p) : whole(p));
  if (wrong.length > MAX_WRONG) sentences.push(`and ${wrong.length - MAX_WRONG} more problems`);
  const first = [...aliased, ...guessed, ...plain, ...missing, ...wrong][0];
  return { message: sentences.map(sentence).join(" ") || `The ${where} is invalid.`, param: first?.param || undefined, problems };
}
