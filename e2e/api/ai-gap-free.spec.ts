// Gap-free answers, streamed and JSON, against the fake vendors: a chunk that arrives broken, or a
// connection that dies mid-answer, ends that attempt, and the next family continues from the last
// good text; the client's text is the whole answer with no piece missing, or one clean error.
// What was charged is checked each time: the answer delivered, never a failed attempt's tokens.
// scholar's chain: vendorx (OpenAI protocol) → vendory (Anthropic protocol) → vendorz.
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import {
  aiKey, deltaText, eventually, expectChargeInLedger, expectOneTerminal, expectUsageOf, familiesOf, generate, generateStream,
  logLinesSince, logMark, prompt, unhandledSince, whenTried, type SeenRequest, type Usage,
} from "../fixtures/ai";
import { call } from "../fixtures/api";
import { chunksOf } from "../fixtures/fake-upstream/answer";
import { state } from "../fixtures/state";

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

type Answer = { status: number; text: string; usage?: Usage; finish?: string; routing?: { escalated: boolean }; error?: { code: string }; raw: string };

/** One generation, streamed or JSON, read the same way. */
async function ask(mode: "stream" | "json", text: string): Promise<Answer> {
  if (mode === "json") {
    const res = await generate(key, { prompt: text });
    const b = res.body;
    return { status: res.status, text: b.output ?? "", usage: b.usage, finish: b.finish_reason, routing: b.routing, error: b.error, raw: res.text };
  }
  const res = await generateStream(key, { prompt: text });
  expect(res.status).toBe(200);
  const last = res.events.at(-1)!;
  expectOneTerminal(res.events, last.event as "done" | "error");
  const done = last.event === "done" ? last.json : undefined;
  return { status: done ? 200 : 502, text: deltaText(res.events), usage: done?.usage, finish: done?.finish_reason, routing: done?.routing, error: last.json.error, raw: res.raw };
}

const lastText = (request: SeenRequest) => {
  const content = (request.messages.at(-1) as { content: unknown }).content;
  return typeof content === "string" ? content : (content as { text?: string }[]).map((p) => p.text ?? "").join("");
};

for (const mode of ["stream", "json"] as const) {
  test.describe(`${mode}`, () => {
    test("a broken chunk mid-answer ends the attempt; the next family continues from the last good text, no gap", async () => {
      const since = Date.now();
      const { result: res, requests } = await whenTried(`corrupt-${mode}`, ["vendorx", "vendory"], (tag) =>
        ask(mode, prompt(tag, "words 16", "fault vendorx corrupt_at n=4")),
      );
      expect(res.status).toBe(200);
      expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
      const [broken, next] = requests;
      // vendorx sent 3 good chunks, then the 4th broken: skipping it would have lost a piece.
      expect(broken.faults).toEqual(["corrupt_at"]);
      const good = chunksOf(broken.answer).slice(0, 3).join("");
      expect(next.prefill).toBe(true);
      expect(lastText(next)).toBe(good.trimEnd());
      expect(res.text).toBe(broken.answer);
      expect(res.raw).not.toContain("unfinished");
      expect(res.finish).toBe("stop");
      expect(res.routing).toMatchObject({ escalated: true });
      await expectUsageOf(res.usage!, "scholar", res.text);
      await expectChargeInLedger(res.usage!.credits, since);
    });

    test("a connection that dies mid-answer is a cut: the NEXT family continues from the delivered text (no retry of the same one)", async () => {
      const since = Date.now();
      const { result: res, requests } = await whenTried(`reset-mid-${mode}`, ["vendorx", "vendory"], (tag) =>
        ask(mode, prompt(tag, "words 20", "fault vendorx reset_after n=5")),
      );
      expect(res.status).toBe(200);
      expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
      const [cut, next] = requests;
      expect(cut.faults).toEqual(["reset_after"]);
      expect(cut.sent.length).toBeGreaterThan(0);
      expect(next.prefill).toBe(true);
      expect(lastText(next)).toBe(cut.sent.trimEnd());
      expect(res.text).toBe(cut.answer);
      expect(res.finish).toBe("stop");
      await expectUsageOf(res.usage!, "scholar", res.text);
      await expectChargeInLedger(res.usage!.credits, since);
    });

    test("a reset before any text still retries the same family once", async () => {
      const since = Date.now();
      const { result: res, requests } = await whenTried(`reset-early-${mode}`, ["vendorx"], (tag) =>
        ask(mode, prompt(tag, "fault vendorx reset times=1")),
      );
      expect(res.status).toBe(200);
      expect(familiesOf(requests)).toEqual(["vendorx", "vendorx"]);
      expect(requests[1].prefill).toBe(false);
      expect(res.text).toBe(requests[1].answer);
      await expectUsageOf(res.usage!, "scholar", res.text);
      await expectChargeInLedger(res.usage!.credits, since);
    });

    test("every family breaks its answer: one clean upstream_unavailable, never a gapped answer passed off as done", async () => {
      const { result: res, requests } = await whenTried(`corrupt-all-${mode}`, ["vendorx", "vendory", "vendorz"], (tag) =>
        ask(mode, prompt(tag, "words 30", "fault * corrupt_at n=3")),
      );
      expect(familiesOf(requests)).toEqual(["vendorx", "vendory", "vendorz"]);
      expect(res.status).toBe(502);
      expect(res.error).toMatchObject({ code: "upstream_unavailable" });
      expect(res.raw).not.toContain("unfinished");
      // What a stream delivered before the error is the answer's beginning, without a hole.
      expect(requests[0].answer.startsWith(res.text)).toBe(true);
      if (mode === "stream") expect(res.text.length).toBeGreaterThan(0);
    });
  });
}

test("a client that leaves while its request body is still uploading is logged at info, never as an unhandled error", async () => {
  const created = await call("POST", "/v1/api_keys", { key: state().c.readWriteKey, body: { name: "gap-free-upload", scope: "read_write" } });
  expect(created.status).toBe(201);
  const { api_key: { id }, key } = created.body as { api_key: { id: string }; key: string };
  const mark = logMark();
  const { port } = new URL(state().baseURL);
  const body = JSON.stringify({ prompt: "Describe a quiet walk by the river." });
  await new Promise<void>((done, fail) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `POST /api/public/v1/ai/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`,
      );
      // The rest of the body never comes: the client is gone once the server has begun reading.
      setTimeout(() => socket.destroy(), 500);
    });
    socket.on("close", () => done());
    socket.on("error", fail);
  });
  // Other specs log meanwhile: this request's lines are found by its key, then its request id.
  let request: Record<string, unknown> | undefined;
  await eventually(async () => {
    request = logLinesSince(mark).find((l) => l.key_id === id && l.msg === "request");
    expect(request).toBeDefined();
  });
  expect(request).toMatchObject({ level: 30, path: "/api/public/v1/ai/completions", status: 499 });
  const lines = logLinesSince(mark).filter((l) => l.request_id === request!.request_id);
  expect(lines.filter((l) => l.msg === "client disconnected")).toMatchObject([{ level: 30 }]);
  expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  expect(unhandledSince(mark)).toEqual([]);
});
