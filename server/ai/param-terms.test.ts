// A door's renaming of the native request's fields in a refusal: the param and the quoted name in
// the message, and anything no rule names left as it is.
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { inTermsOf } from "./param-terms";

const renames = [
  [/^tools\.(\d+)\.function\.parameters/, "tools.$1.input_schema"],
  [/^tools\.(\d+)\.function\./, "tools.$1."],
  [/^messages(\..*)?$/, "messages"],
] as const;

describe("inTermsOf", () => {
  it("renames the param and its quoted name in the message, keeping the code and the rest", () => {
    const native = new AppError("invalid_body", "`tools.2.function.parameters.type` must be object.", { param: "tools.2.function.parameters.type", limit: 3 });
    const renamed = inTermsOf(native, renames) as AppError;
    expect(renamed).toBeInstanceOf(AppError);
    expect(renamed.code).toBe("invalid_body");
    expect(renamed.extra).toEqual({ param: "tools.2.input_schema.type", limit: 3 });
    expect(renamed.message).toBe("`tools.2.input_schema.type` must be object.");
  });

  it("a path inside the conversation becomes the conversation itself", () => {
    const renamed = inTermsOf(new AppError("invalid_body", "`messages.4.content.1.url` is not public.", { param: "messages.4.content.1.url" }), renames) as AppError;
    expect(renamed.extra.param).toBe("messages");
    expect(renamed.message).toBe("`messages` is not public.");
  });

  it("leaves what no rule names, errors without a param and other throws alone", () => {
    const other = new AppError("invalid_body", "`temperature` is at most 2.", { param: "temperature" });
    expect(inTermsOf(other, renames)).toBe(other);
    const noParam = new AppError("rate_limited", "Slow down.");
    expect(inTermsOf(noParam, renames)).toBe(noParam);
    const plain = new Error("boom");
    expect(inTermsOf(plain, renames)).toBe(plain);
  });
});
