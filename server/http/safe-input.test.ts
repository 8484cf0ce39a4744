import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { inputProblem, MAX_INPUT_DEPTH, refuseUnsafeInput } from "./safe-input";

const nest = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe("inputProblem", () => {
  it("passes ordinary input, emoji and a request as deep as the cap", () => {
    expect(inputProblem({ messages: [{ role: "user", content: [{ type: "text", text: "héllo 😀" }] }], metadata: { k: "v" } })).toBeNull();
    expect(inputProblem(nest(MAX_INPUT_DEPTH))).toBeNull();
  });

  it("names the first field at fault: NUL, lone surrogate (value or key), too deep", () => {
    expect(inputProblem({ a: "ok", b: ["x", "y\u0000"] })).toEqual({ path: ["b", "1"], what: "nul" });
    expect(inputProblem({ metadata: { k: "\udfff" } })).toEqual({ path: ["metadata", "k"], what: "ill_formed" });
    expect(inputProblem({ metadata: { "\ud800x": "v" } })).toEqual({ path: ["metadata", "\ud800x"], what: "ill_formed" });
    expect(inputProblem({ first: "\ud800", second: "\u0000" })?.path).toEqual(["first"]);
    expect(inputProblem(nest(MAX_INPUT_DEPTH + 1))?.what).toBe("too_deep");
  });

  it("walks 200,000 levels without recursion", () => {
    const deep = JSON.parse("[".repeat(200_000) + "]".repeat(200_000));
    expect(inputProblem(deep)?.what).toBe("too_deep");
  });
});

describe("refuseUnsafeInput", () => {
  it("throws invalid_body with a short param for a deep path", () => {
    try {
      refuseUnsafeInput(nest(100), "body");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).extra.param).toBe("a.a.a.a.a.a.a.a.…");
    }
    expect(() => refuseUnsafeInput("\udfff", "input")).toThrow("The input contains an ill-formed string");
  });
});
