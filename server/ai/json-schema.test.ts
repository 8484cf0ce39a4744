import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { compileSchema } from "./json-schema";
import { runOnEngine } from "./schema-engine/thread";

/** The refusal of a compile (an AppError), or undefined when it compiled. */
async function refusalOf(schema: Record<string, unknown>, param = "x"): Promise<AppError | undefined> {
  try {
    await compileSchema(schema, param);
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

describe("compileSchema", () => {
  const person = { type: "object", properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } }, required: ["name", "age"], additionalProperties: false };

  it("checks values against a draft-07 schema, saying what is wrong", async () => {
    const check = await compileSchema(person, "response_format.json_schema.schema");
    expect(await check({ name: "Ada", age: 36 })).toBeNull();
    expect(await check({ name: "Ada" })).toContain("age");
    expect(await check({ name: "Ada", age: -1 })).toContain("/age");
    expect(await check({ name: "Ada", age: 1, extra: true })).not.toBeNull();
  });

  it("takes draft 2020-12 schemas (what zod writes), $defs and references included", async () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { tags: { type: "array", items: { $ref: "#/$defs/tag" } } },
      required: ["tags"],
      $defs: { tag: { type: "string", enum: ["a", "b"] } },
    };
    const check = await compileSchema(schema, "x");
    expect(await check({ tags: ["a", "b"] })).toBeNull();
    expect(await check({ tags: ["c"] })).not.toBeNull();
  });

  it("refuses a schema it cannot compile, naming the field; the same $id twice is fine", async () => {
    const error = await refusalOf({ type: "object", properties: { a: { type: 12 } } }, "tools.0.function.parameters");
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "invalid_body", extra: { param: "tools.0.function.parameters" } });
    const withId = { $id: "https://example.com/person", ...person };
    await compileSchema(withId, "x");
    expect(await (await compileSchema({ ...withId }, "x"))({ name: "Ada", age: 1 })).toBeNull();
  });

  it("does not check formats (engines' dates and emails vary; the type is checked)", async () => {
    expect(await (await compileSchema({ type: "string", format: "email" }, "x"))("not an email")).toBeNull();
    expect(await (await compileSchema({ type: "string", format: "email" }, "x"))(3)).not.toBeNull();
  });

  it("matches patterns in RE2 syntax, JavaScript's \\u escapes included", async () => {
    const check = await compileSchema({ type: "object", properties: { code: { type: "string", pattern: "^[A-Z]{3}-\\d{2}$" }, han: { type: "string", pattern: "^[\\u4e00-\\u9fa5]+$" } } }, "x");
    expect(await check({ code: "ABC-12", han: "中文" })).toBeNull();
    expect(await check({ code: "abc-12" })).toContain("/code");
    expect(await check({ han: "latin" })).toContain("/han");
  });
});

describe("patterns from a request never backtrack (issue 38, row 1)", () => {
  // The one place a unit test bounds time: `^(a+)+$` against 28 `a`s and a `!` backtracked for
  // 9.6 s on the event loop (doubling per character); in linear time it is instant. 5 s is far
  // above any linear check on a loaded machine and far below what backtracking takes.
  it("checks `^(a+)+$` against a long run in linear time", { timeout: 5_000 }, async () => {
    const schema = { type: "object", properties: { a: { type: "string", pattern: "^(a+)+$" } }, required: ["a"] };
    const check = await compileSchema(schema, "response_format.json_schema.schema");
    expect(await check({ a: `${"a".repeat(28)}!` })).toContain("/a");
    expect(await check({ a: "a".repeat(100_000) })).toBeNull();
  });

  it.each([
    ["(?=.*\\d)[a-z]+", "lookaround"],
    ["^(?!admin).*$", "lookaround"],
    ["(?<=x)y", "lookaround"],
    ["^(a)\\1$", "backreference"],
  ])("refuses `%s` by name (%s), pointing at the pattern", async (pattern, what) => {
    const error = await refusalOf({ type: "object", properties: { a: { type: "string", pattern } } }, "tools.2.function.parameters");
    expect(error).toMatchObject({ code: "invalid_body", extra: { param: "tools.2.function.parameters.properties.a.pattern" } });
    expect(error?.message).toContain(what);
    expect(error?.message).toContain("RE2");
  });

  it("refuses a `patternProperties` name RE2 cannot take, and takes a pattern-looking default", async () => {
    const error = await refusalOf({ type: "object", patternProperties: { "^(?!x)": { type: "string" } } });
    expect(error?.extra.param).toBe("x.patternProperties.^(?!x)");
    expect(await refusalOf({ type: "object", properties: { pattern: { type: "string", default: "(?=x)" } }, default: { pattern: "(?=y)" } })).toBeUndefined();
  });
});

describe("no validator state across requests (issue 38, rows 4 and 6)", () => {
  it("a nested $id of one request is never reachable from another's $ref", async () => {
    const first = { type: "object", properties: { secret: { $id: "https://tenant-a.example/secret", type: "string", const: "tenant A's value" } } };
    await compileSchema(first, "x");
    const second = { type: "object", properties: { probe: { $ref: "https://tenant-a.example/secret" } }, required: ["probe"] };
    const error = await refusalOf(second, "response_format.json_schema.schema");
    expect(error).toMatchObject({ code: "invalid_body", extra: { param: "response_format.json_schema.schema" } });
  });

  it("compiling many schemas with nested ids leaves the shared validators as they were, and the cache bounded", async () => {
    const before = (await runOnEngine({ op: "state" })).state!;
    for (let i = 0; i < 50; i++) {
      const properties = Object.fromEntries(Array.from({ length: 100 }, (_, j) => [`p${j}`, { $id: `https://grow.example/${i}/${j}`, type: "string" }]));
      await compileSchema({ type: "object", properties }, "x");
    }
    const after = (await runOnEngine({ op: "state" })).state!;
    expect(after.sharedSchemas).toBe(before.sharedSchemas);
    expect(after.cached).toBeLessThanOrEqual(after.cacheLimit);
  });

  it("one fixed message states what is taken; the validator's words stay in the log", async () => {
    const unresolved = await refusalOf({ type: "object", properties: { a: { $ref: "https://elsewhere.example/a.json" } } }, "response_format.json_schema.schema");
    expect(unresolved?.message).toBe(
      "`response_format.json_schema.schema` is not a JSON Schema this service can check (draft-07 or draft 2020-12, at most 64 KB and 1000 subschemas over the request's checked schemas, `$ref` only within the schema, patterns in RE2 syntax of at most 1000 characters).",
    );
    const bad = await refusalOf({ type: "object", properties: { a: { type: 12 } } });
    expect(bad?.message).toBe(unresolved?.message.replace("`response_format.json_schema.schema`", "`x`"));
  });
});
