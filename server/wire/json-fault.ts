// Where a text stops being JSON, in words a person can act on: "line 3, column 5: a property name
// in double quotes was expected". JSON.parse says where only for some faults (and in offsets);
// jsonc-parser's scanner (Microsoft's, used by VS Code) finds the first fault of any kind. Strict
// JSON: no comments, no trailing commas. Not server-only: the console's JSON boxes use it too.
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

export type JsonFault = { line: number; column: number; problem: string };

// By the codes' names (the library declares them as a const enum, which isolated modules cannot read).
const problems: Record<string, string> = {
  InvalidSymbol: "this is not a JSON value (strings need double quotes)",
  InvalidNumberFormat: "the number is not written as JSON writes numbers",
  PropertyNameExpected: "a property name in double quotes was expected (no trailing commas)",
  ValueExpected: "a value was expected",
  ColonExpected: "a `:` was expected after the property name",
  CommaExpected: "a `,` was expected",
  CloseBraceExpected: "a `}` was expected",
  CloseBracketExpected: "a `]` was expected",
  EndOfFileExpected: "the JSON ended here, but more follows",
  InvalidCommentToken: "JSON has no comments",
  UnexpectedEndOfComment: "JSON has no comments",
  UnexpectedEndOfString: "the string is not closed",
  UnexpectedEndOfNumber: "the number is cut short",
  InvalidUnicode: "the \\u escape is not four hex digits",
  InvalidEscapeCharacter: "the escape after `\\` is not one JSON has",
  InvalidCharacter: "a string holds a raw control character (write it as an escape, e.g. \\n)",
};

/** Line and column (from 1) of an offset, counting a `\r\n` as one line break. */
function place(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: Array.from(before.at(-1) ?? "").length + 1 };
}

/** The first fault of `text` as JSON, or null when JSON.parse would take it. */
export function jsonFault(text: string): JsonFault | null {
  if (!text.trim()) return { line: 1, column: 1, problem: "it is empty" };
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return null;
  return { ...place(text, first.offset), problem: problems[printParseErrorCode(first.error)] ?? "this is not valid JSON" };
}

/** "line 3, column 5: a value was expected" (or "it is empty"). */
export function describeJsonFault(fault: JsonFault): string {
  return fault.problem === "it is empty" ? fault.problem : `line ${fault.line}, column ${fault.column}: ${fault.problem}`;
}
