// Where a text stops being JSON, in words a person can act on: "line 3, column 5: a property name
// in double quotes was expected". JSON.parse says where only for some faults (and in offsets);
// jsonc-parser's scanner (Microsoft's, used by VS Code) finds the first fault of any kind. Strict
// JSON: no comments, no trailing commas. Not server-only: the console's JSON boxes use it too.
import { parse, ParseErrorCode } from "jsonc-parser";

export type JsonFault = { line: number; column: number; problem: string };

const problems: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: "this is not a JSON value (strings need double quotes)",
  [ParseErrorCode.InvalidNumberFormat]: "the number is not written as JSON writes numbers",
  [ParseErrorCode.PropertyNameExpected]: "a property name in double quotes was expected (no trailing commas)",
  [ParseErrorCode.ValueExpected]: "a value was expected",
  [ParseErrorCode.ColonExpected]: "a `:` was expected after the property name",
  [ParseErrorCode.CommaExpected]: "a `,` was expected",
  [ParseErrorCode.CloseBraceExpected]: "a `}` was expected",
  [ParseErrorCode.CloseBracketExpected]: "a `]` was expected",
  [ParseErrorCode.EndOfFileExpected]: "the JSON ended here, but more follows",
  [ParseErrorCode.InvalidCommentToken]: "JSON has no comments",
  [ParseErrorCode.UnexpectedEndOfComment]: "JSON has no comments",
  [ParseErrorCode.UnexpectedEndOfString]: "the string is not closed",
  [ParseErrorCode.UnexpectedEndOfNumber]: "the number is cut short",
  [ParseErrorCode.InvalidUnicode]: "the \\u escape is not four hex digits",
  [ParseErrorCode.InvalidEscapeCharacter]: "the escape after `\\` is not one JSON has",
  [ParseErrorCode.InvalidCharacter]: "a string holds a raw control character (write it as an escape, e.g. \\n)",
};

/** Line and column (from 1) of an offset, counting a `\r\n` as one line break. */
function place(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: Array.from(before.at(-1) ?? "").length + 1 };
}

/** The first fault of `text` as JSON, or null when JSON.parse would take it. */
export function jsonFault(text: string): JsonFault | null {
  if (!text.trim()) return { line: 1, column: 1, problem: "it is empty" };
  const errors: { error: ParseErrorCode; offset: number }[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return null;
  return { ...place(text, first.offset), problem: problems[first.error] ?? "this is not valid JSON" };
}

/** "line 3, column 5: a value was expected" (or "it is empty"). */
export function describeJsonFault(fault: JsonFault): string {
  return fault.problem === "it is empty" ? fault.problem : `line ${fault.line}, column ${fault.column}: ${fault.problem}`;
}
