// Tool calls on the native API against the fake upstream in both wire formats (tools.spec.ts has
// the sandbox): whole calls as objects and `finish_reason: "tool_calls"`, on completions and code;
// streamed, any text first as deltas, then one `tool_call` event per whole call, then `done`.
import { expect, test } from "@playwright/test";
import { aiKey, generate, generateStream, newTag, seen } from "../fixtures/ai";
import { askBoth, clock, weather } from "../fixtures/client-tools";

const KINDS = [
  { kind: "openai-format", product: "scholar", family: "vendorx" },
  { kind: "anthropic-format", product: "vision", family: "vendory" },
];

for (const { kind, product, family } of KINDS) {
  test.describe(kind, () => {
    let key: string;
    test.beforeEach(async () => {
      key = await aiKey();
    });

    for (const endpoint of ["completions", "code"] as const) {
      test(`${endpoint}: tool_calls with arguments as objects, the family's calls whole; finish_reason tool_calls`, async () => {
        const tag = newTag("native-calls");
        const res = await generate(key, { product, prompt: `[[tag ${tag}]] ${askBoth}`, tools: [weather, clock] }, endpoint);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [request] = await seen(tag);
        expect(request.family).toBe(family);
        expect(res.body.finish_reason).toBe("tool_calls");
        expect(res.body.output).toBe("");
        expect(res.body.tool_calls).toEqual(request.calls.map((c) => ({ id: expect.stringMatching(/^call_/), name: c.name, arguments: JSON.parse(c.arguments) })));
        expect(res.body.tool_calls.map((c: { name: string }) => c.name)).toEqual(["get_weather", "get_time"]);
      });
    }

    test("streamed: the text as deltas, then one tool_call event per whole call, then done with tool_calls", async () => {
      const tag = newTag("native-stream");
      const res = await generateStream(key, { product, prompt: `[[tag ${tag}]] [[words 12]] ${askBoth}`, tools: [weather, clock] });
      expect(res.status).toBe(200);
      const [request] = await seen(tag);
      expect(request.family).toBe(family);
      expect(request.answer.length).toBeGreaterThan(0);
      const names = res.events.map((e) => e.event);
      const firstCall = names.indexOf("tool_call");
      expect(names.slice(0, firstCall).every((n) => n === "delta")).toBe(true);
      expect(names.slice(firstCall)).toEqual(["tool_call", "tool_call", "done"]);
      expect(res.events.filter((e) => e.event === "delta").map((e) => e.json.text).join("")).toBe(request.answer);
      const calls = res.events.filter((e) => e.event === "tool_call").map((e) => e.json);
      expect(calls).toEqual(request.calls.map((c) => ({ id: expect.stringMatching(/^call_/), name: c.name, arguments: JSON.parse(c.arguments) })));
      const done = res.events.at(-1)!.json;
      expect(done.finish_reason).toBe("tool_calls");
    });
  });
}
