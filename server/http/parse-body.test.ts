import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { MAX_BODY_BYTES } from "../wire/body-limits";
import { parseBody, parseQuery } from "./parse-body";

const schema = z.strictObject({ name: z.string(), nested: z.strictObject({ n: z.number().int().min(1) }).optional() });

function request(body: BodyInit | null, type = "application/json", headers: Record<string, string> = {}) {
  return new Request("http://x/y", { method: "POST", body, headers: { "content-type": type, ...headers } });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("parseBody", () => {
  it("accepts JSON with a charset parameter", async () => {
    expect(await parseBody(request('{"name":"a"}', "application/json; charset=utf-8"), schema)).toEqual({ name: "a" });
  });

  it("names the unknown field, also when nested", async () => {
    expect((await failure(parseBody(request('{"name":"a","nmae":1}'), schema))).extra.param).toBe("nmae");
    expect((await failure(parseBody(request('{"name":"a","nested":{"n":1,"x":2}}'), schema))).extra.param).toBe("nested.x");
    expect((await failure(parseBody(request('{"name":"a","nested":{"n":0}}'), schema))).extra.param).toBe("nested.n");
  });

  it("refuses other content types, bad JSON and an empty body", async () => {
    expect((await failure(parseBody(request('{"name":"a"}', "text/json"), schema))).code).toBe("invalid_body");
    expect((await failure(parseBody(request('{"name":'), schema))).code).toBe("invalid_body");
    expect((await failure(parseBody(request(null), schema))).code).toBe("invalid_body");
  });

  it("says where bad JSON goes wrong: line and column", async () => {
    expect((await failure(parseBody(request('{\n  "name": "a",\n  nested\n}'), schema))).message).toBe(
      "The body is not valid JSON: line 3, column 3: this is not a JSON value (strings need double quotes).",
    );
    expect((await failure(parseBody(request(null), schema))).message).toBe("The body is not valid JSON: it is empty.");
  });

  it("refuses a declared length over the cap before reading, and a streamed one while reading", async () => {
    const declared = await failure(parseBody(request("{}", "application/json", { "content-length": String(MAX_BODY_BYTES + 1) }), schema));
    expect(declared).toMatchObject({ code: "input_too_large", extra: { limit: MAX_BODY_BYTES } });
    expect(declared.message).toContain("1 MiB");
    const ai = new Request("http://x/api/public/v1/ai/completions", { method: "POST", body: "{}", headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) } });
    expect((await failure(parseBody(ai, schema))).message).toContain("`https://` URLs");
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const streamed = new Request("http://x/y", { method: "POST", body: endless, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    expect((await failure(parseBody(streamed, schema))).code).toBe("input_too_large");
    expect(pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * 64 * 1024);
  });
});

describe("parseQuery", () => {
  it("validates and names the parameter", () => {
    const q = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });
    expect(parseQuery(new Request("http://x/y"), q)).toEqual({ limit: 20 });
    expect(() => parseQuery(new Request("http://x/y?limit=500"), q)).toThrow(AppError);
    try {
      parseQuery(new Request("http://x/y?lmit=5"), q);
    } catch (error) {
      expect((error as AppError).extra.param).toBe("lmit");
    }
  });
});

describe("unsafe input", () => {
  it("refuses an ill-formed string (a lone surrogate) in a value or a key, naming the field", async () => {
    const value = await failure(parseBody(request('{"name":"a","nested":{"n":1},"x":0}'.replace('"a"', '"a\\udfff"')), schema));
    expect(value).toMatchObject({ code: "invalid_body", extra: { param: "name" } });
    expect(value.message).toContain("surrogate");
    const key = await failure(parseBody(request('{"name":"a","\\ud800":"b"}'), schema));
    expect(key).toMatchObject({ code: "invalid_body", extra: { param: "\ud800" } });
    // A pair is well formed: an emoji passes.
    expect(await parseBody(request('{"name":"\\ud83d\\ude00"}'), schema)).toEqual({ name: "😀" });
  });

  it("refuses JSON nested 100,000 deep with 400, not a stack overflow", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const error = await failure(parseBody(request(`{"name":"a","nested":${deep}}`), schema));
    expect(error.code).toBe("invalid_body");
    expect(error.message).toContain("nested more than 64 levels");
    expect(error.extra.param).toMatch(/^nested\.0\.0/);
  });

  it("refuses an ill-formed query parameter", () => {
    const q = z.strictObject({ name: z.string() });
    expect(() => parseQuery(new Request("http://x/y?name=%00"), q)).toThrow(AppError);
  });
});
