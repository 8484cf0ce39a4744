import { describe, expect, it } from "vitest";
import { shapeAnswer } from "./answer-shape";
import { isJsonObject } from "./json-answer";
import { UpstreamFailure } from "./providers/types";
import type { Progress } from "./routing/escalate";
import { AnswerComplete } from "./stop-sequences";
import { compileSchema } from "./json-schema";
import { toolRules } from "./tool-calls";

const progressOf = (text: string): Progress => ({ text, attempts: 1, failures: [], families: ["a"] });

describe("isJsonObject", () => {
  it("takes one JSON object, white space around it aside", () => {
    expect(isJsonObject(' {"a": 1}\n')).toBe(true);
    expect(isJsonObject("[1]")).toBe(false);
    expect(isJsonObject('"text"')).toBe(false);
    expect(isJsonObject('```json\n{"a": 1}\n```')).toBe(false);
    expect(isJsonObject('{"a": 1')).toBe(false);
    expect(isJsonObject("")).toBe(false);
  });
});

describe("shapeAnswer", () => {
  it("without rules passes text straight through", async () => {
    const sent: string[] = [];
    const shape = shapeAnswer({}, (t) => sent.push(t));
    shape.onDelta("a");
    shape.onDelta("b");
    const progress = progressOf("ab");
    await shape.check(progress);
    shape.finish(progress);
    expect(sent).toEqual(["a", "b"]);
    expect(progress.text).toBe("ab");
  });

  it("a stop match ends the attempt, and the answer is the text before it", () => {
    const sent: string[] = [];
    const shape = shapeAnswer({ stop: ["##"] }, (t) => sent.push(t));
    shape.onDelta("one #");
    expect(() => shape.onDelta("# two")).toThrow(AnswerComplete);
    const progress = progressOf("one ## two");
    shape.finish(progress);
    expect(sent.join("")).toBe("one ");
    expect(progress.text).toBe("one ");
  });

  it("JSON mode holds the answer until it is checked, then delivers it once", async () => {
    const sent: string[] = [];
    const shape = shapeAnswer({ json: true }, (t) => sent.push(t));
    shape.onDelta('{"a":');
    shape.onDelta(" 1}");
    expect(sent).toEqual([]);
    const progress = progressOf('{"a": 1}');
    await shape.check(progress);
    shape.finish(progress);
    expect(sent).toEqual(['{"a": 1}']);
  });

  it("an answer that is not JSON fails its attempt, forgotten: nothing of it reaches the client", async () => {
    const sent: string[] = [];
    const shape = shapeAnswer({ json: true, stop: ["END"] }, (t) => sent.push(t));
    shape.onDelta("Sure! Here");
    const failed = progressOf("Sure! Here");
    await expect(shape.check(failed)).rejects.toThrow(UpstreamFailure);
    expect(failed).toMatchObject({ text: "", families: [] });
    // The next engine starts afresh; the stop filter too.
    shape.onDelta('{"b": "x"}');
    expect(() => shape.onDelta(" END trailing")).toThrow(AnswerComplete);
    const progress = progressOf('{"b": "x"} END trailing');
    await shape.check(progress);
    shape.finish(progress);
    expect(sent).toEqual(['{"b": "x"} ']);
    expect(progress.text).toBe('{"b": "x"} ');
  });
});

describe("shapeAnswer with tools and schemas", () => {
  const schema = (() => {
    const compiled = compileSchema({ type: "object", properties: { a: { type: "integer" } }, required: ["a"] }, "x");
    return async (value: unknown) => (await compiled)(value);
  })();
  const rules = { tools: toolRules({ tools: [{ type: "function", function: { name: "now" } }] }) };

  it("returns the attempt's checked calls; an answer that is calls is not held to the JSON rules", async () => {
    const sent: string[] = [];
    const shape = shapeAnswer({ ...rules, json: true }, (t) => sent.push(t));
    shape.onDelta("Checking.");
    const calls = await shape.check(progressOf("Checking."), [{ id: "x", name: "now", arguments: "{}" }]);
    expect(calls.map((c) => c.name)).toEqual(["now"]);
    shape.finish(progressOf("Checking."));
    expect(sent).toEqual(["Checking."]);
  });

  it("a schema answer is held; one that breaks the schema is forgotten (schema_mismatch), one that is not JSON is not_json", async () => {
    const sent: string[] = [];
    const shape = shapeAnswer({ schema }, (t) => sent.push(t));
    const kind = async (text: string) => {
      const progress = progressOf(text);
      shape.onDelta(text);
      try {
        await shape.check(progress);
      } catch (error) {
        expect(progress.text).toBe("");
        return (error as UpstreamFailure).kind;
      }
      return "ok";
    };
    expect(await kind('{"a": "one"}')).toBe("schema_mismatch");
    expect(await kind("one")).toBe("not_json");
    expect(sent).toEqual([]);
    expect(await kind('{"a": 1}')).toBe("ok");
    shape.finish(progressOf('{"a": 1}'));
    expect(sent).toEqual(['{"a": 1}']);
  });
});
