// The upstream faults of ai-failover.spec.ts through every door, JSON and streamed: a stream cut on
// the first family, a 429 that fails over at once, a family that is down. Each door gets the whole
// answer in its own shape (its response schema, its stream's event sequence) and is charged for it
// exactly. A new door is one row of DOORS: how to ask, and how to read its answer and its stream.
import { expect, test } from "@playwright/test";
import type { z } from "zod";
import { messageResponse } from "@/server/ai/anthropic-schema";
import { chatCompletionResponse } from "@/server/ai/openai-schema";
import { responseObject } from "@/server/ai/responses-schema";
import { generationResponse } from "@/server/ai/schema";
import { aiKey, expectChargeInLedger, expectUsageOf, familiesOf, prompt, whenTried, type Usage } from "../fixtures/ai";
import { call, stream, type SseEvent } from "../fixtures/api";

type Answer = { text: string; usage: Usage };

type DoorRow = {
  name: string;
  path: string;
  body(text: string, streamed: boolean): Record<string, unknown>;
  /** The JSON answer's schema, and the answer in common terms. */
  schema: z.ZodType;
  answer(body: any): Answer;
  /** A whole stream in the door's shape, in common terms (throws when its sequence is not the door's). */
  streamed(events: SseEvent[]): Answer;
};

const DOORS: DoorRow[] = [
  {
    name: "native",
    path: "/api/public/v1/ai/completions",
    body: (text) => ({ product: "scholar", prompt: text }),
    schema: generationResponse,
    answer: (body) => ({ text: body.output, usage: body.usage }),
    streamed(events) {
      expect(events.map((e) => e.event)).toEqual([...events.slice(0, -1).map(() => "delta"), "done"]);
      return { text: events.slice(0, -1).map((e) => e.json.text).join(""), usage: events.at(-1)!.json.usage };
    },
  },
  {
    name: "openai chat",
    path: "/api/public/v1/openai/chat/completions",
    body: (text, streamed) => ({ model: "scholar", messages: [{ role: "user", content: text }], ...(streamed ? { stream_options: { include_usage: true } } : {}) }),
    schema: chatCompletionResponse,
    answer: (body) => ({ text: body.choices[0].message.content, usage: openaiUsage(body) }),
    streamed(events) {
      expect(events.every((e) => e.event === null)).toBe(true);
      expect(events.at(-1)!.data).toBe("[DONE]");
      const chunks = events.slice(0, -1).map((e) => e.json);
      expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
      expect(chunks.flatMap((c) => c.choices.map((choice: { finish_reason: string | null }) => choice.finish_reason)).filter(Boolean)).toEqual(["stop"]);
      return { text: chunks.map((c) => c.choices[0]?.delta?.content ?? "").join(""), usage: openaiUsage(chunks.at(-1)) };
    },
  },
  {
    name: "anthropic",
    path: "/api/public/v1/anthropic/v1/messages",
    body: (text) => ({ model: "scholar", max_tokens: 1024, messages: [{ role: "user", content: text }] }),
    schema: messageResponse,
    answer: (body) => {
      expect(body.stop_reason).toBe("end_turn");
      return { text: body.content.map((b: { text: string }) => b.text).join(""), usage: { ...body.usage, credits: body.switchyard.credits } };
    },
    streamed(events) {
      const names = events.map((e) => e.event);
      const deltas = names.filter((n) => n === "content_block_delta").length;
      expect(names).toEqual(["message_start", "ping", "content_block_start", ...Array(deltas).fill("content_block_delta"), "content_block_stop", "message_delta", "message_stop"]);
      const end = events.find((e) => e.event === "message_delta")!.json;
      expect(end.delta.stop_reason).toBe("end_turn");
      const text = events.filter((e) => e.event === "content_block_delta").map((e) => e.json.delta.text).join("");
      return { text, usage: { ...end.usage, credits: end.switchyard.credits } };
    },
  },
  {
    name: "openai responses",
    path: "/api/public/v1/openai/responses",
    body: (text) => ({ model: "scholar", input: text }),
    schema: responseObject,
    answer: (body) => {
      expect(body.status).toBe("completed");
      return { text: responsesText(body), usage: responsesUsage(body) };
    },
    streamed(events) {
      expect(events.map((e) => e.json.sequence_number)).toEqual(events.map((_, i) => i));
      const names = events.map((e) => e.event);
      expect(names.filter((n) => n?.startsWith("response.") && ["completed", "failed", "incomplete"].includes(n.slice(9)))).toEqual(["response.completed"]);
      expect(names.at(-1)).toBe("response.completed");
      const text = events.filter((e) => e.event === "response.output_text.delta").map((e) => e.json.delta).join("");
      const done = events.at(-1)!.json.response;
      expect(responsesText(done)).toBe(text);
      return { text, usage: responsesUsage(done) };
    },
  },
];

/** The text of a response's message items (what the SDK's `output_text` adds up). */
function responsesText(body: any): string {
  return body.output.flatMap((item: any) => (item.type === "message" ? item.content.map((part: { text: string }) => part.text) : [])).join("");
}

function responsesUsage(body: any): Usage {
  return { input_tokens: body.usage.input_tokens, output_tokens: body.usage.output_tokens, credits: body.switchyard.credits };
}

function openaiUsage(body: any): Usage {
  return { input_tokens: body.usage.prompt_tokens, output_tokens: body.usage.completion_tokens, credits: body.switchyard.credits };
}

/** scholar's chain starts on vendorx; each fault leaves vendory to answer (or, for a cut, to continue). */
const FAULTS = [
  { name: "a stream cut on the first family", directives: ["words 20", "fault vendorx cut_after n=5"], families: ["vendorx", "vendory"], whole: 0 },
  { name: "a 429 with a long Retry-After", directives: ["fault vendorx status code=429 retry_after=30"], families: ["vendorx", "vendory"], whole: 1 },
  { name: "a dead family (503 twice)", directives: ["fault vendorx status code=503"], families: ["vendorx", "vendorx", "vendory"], whole: 2 },
];

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

for (const door of DOORS) {
  for (const fault of FAULTS) {
    for (const streamed of [false, true]) {
      test(`${door.name}, ${streamed ? "streamed" : "JSON"}: ${fault.name} → the whole answer in the door's shape, charged once`, async () => {
        const since = Date.now();
        const { result: answer, requests } = await whenTried(`doors-${door.name.replace(/\W/g, "")}`, ["vendorx", "vendory"], async (tag) => {
          const body = door.body(prompt(tag, ...fault.directives), streamed);
          if (!streamed) {
            const res = await call("POST", door.path, { key, body });
            expect(res.status, res.text).toBe(200);
            door.schema.parse(res.body);
            return door.answer(res.body);
          }
          const res = await stream(door.path, { key, body: { ...body, stream: true } });
          expect(res.status).toBe(200);
          return door.streamed(res.events);
        });
        expect(familiesOf(requests)).toEqual(fault.families);
        // A cut answer is continued from where it stopped: the client gets the first family's answer, whole.
        expect(answer.text).toBe(requests[fault.whole].answer);
        await expectUsageOf(answer.usage, "scholar", answer.text);
        await expectChargeInLedger(answer.usage.credits, since);
      });
    }
  }
}
