import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { compileSchema } from "./json-schema";

describe("compileSchema", () => {
  const person = { type: "object", properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } }, required: ["name", "age"], additionalProperties: false };

  it("checks values against a draft-07 schema, saying what is wrong", () => {
    const check = compileSchema(person, "response_format.json_schema.schema");
    expect(check({ name: "Ada", age: 36 })).toBeNull();
    expect(check({ name: "Ada" })).toContain("age");
    expect(check({ name: "Ada", age: -1 })).toContain("/age");
    expect(check({ name: "Ada", age: 1, extra: true })).not.toBeNull();
  });

  it("takes draft 2020-12 schemas (what zod writes), $defs and references included", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { tags: { type: "array", items: { $ref: "#/$defs/tag" } } },
      required: ["tags"],
      $defs: { tag: { type: "string", enum: ["a", "b"] } },
    };
    const check = compileSchema(schema, "x");
    expect(check({ tags: ["a", "b"] })).toBeNull();
    expect(check({ tags: ["c"] })).not.toBeNull();
  });

  it("refuses a schema it cannot compile, naming the field; the same $id twice is fine", () => {
    let error: unknown;
    try {
      compileSchema({ type: "object", properties: { a: { type: 12 } } }, "tools.0.function.parameters");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "invalid_body", extra: { param: "tools.0.function.parameters" } });
    const withId = { $id: "https://example.com/person", ...person };
    compileSchema(withId, "x");
    expect(compileSchema({ ...withId }, "x")({ name: "Ada", age: 1 })).toBeNull();
  });

  it("does not check formats (engines' dates and emails vary; the type is checked)", () => {
    expect(compileSchema({ type: "string", format: "email" }, "x")("not an email")).toBeNull();
    expect(compileSchema({ type: "string", format: "email" }, "x")(3)).not.toBeNull();
  });
});
