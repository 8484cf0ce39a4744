// The Anthropic adapter's request shape and its own stream events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { family, MODEL, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure } from "./types";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe("anthropic adapter request", () => {
  it("posts to /messages with x-api-key, the version header and the system messages joined", async () => {
    process.env.FAKE_ANTHROPIC_KEY = "sk-test-anthropic-456";
    const config = family("anthropic", upstream.url, "an-shape", { api_key_env: "FAKE_ANTHROPIC_KEY" });
    const messages = [{ role: "system" as const, content: "Be brief." }, { role: "system" as const, content: "Be kind." }, user("Hi [[tag an-shape]]")];
    const outcome = await run(config, { messages, maxOutputTokens: 50, temperature: 1.5 });
    expect(outcome.error).toBeUndefined();
    const [seen] = upstream.requests("an-shape");
    expect(seen.path).toBe("/an-shape/v1/messages");
    expect(seen.headers["x-api-key"]).toBe("sk-test-anthropic-456");
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers["anthropic-version"]).toBe("2023-06-01");
    // The API accepts 0..1 only.
    expect(seen.body).toMatchObject({ model: MODEL, max_tokens: 50, stream: true, system: "Be brief.\n\nBe kind.", temperature: 1 });
    expect(seen.messages).toEqual([{ role: "user", content: "Hi [[tag an-shape]]" }]);
  });

  it("uses the family's api_version", async () => {
    await run(family("anthropic", upstream.url, "an-version", { api_version: "2099-01-01" }), { messages: [user("Hi [[tag an-version]]")] });
    expect(upstream.requests("an-version")[0].headers["anthropic-version"]).toBe("2099-01-01");
  });

  it("sends https images as url sources and data: URLs as base64 sources", async () => {
    const messages = [
      user([
        { type: "text", text: "Compare these. [[tag an-image]]" },
        { type: "image", url: "https://images.example/a.png" },
        { type: "image", url: "data:image/png;base64,iVBORw0KGgo=" },
      ]),
    ];
    await run(family("anthropic", upstream.url, "an-image"), { messages });
    expect(upstream.requests("an-image")[0].messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Compare these. [[tag an-image]]" },
          { type: "image", source: { type: "url", url: "https://images.example/a.png" } },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        ],
      },
    ]);
  });

  it("sends a prefill without trailing white space and drops the white space the continuation starts with", async () => {
    const messages = [user("Tell me more [[tag an-prefill]]")];
    const config = family("anthropic", upstream.url, "an-prefill");
    const whole = await run(config, { messages });
    const begun = whole.text.split(" ").slice(0, 2).join(" ") + " ";
    const rest = await run(config, { messages, continuation: { text: begun, mode: "prefill" } });
    expect(upstream.requests("an-prefill")[1].messages.at(-1)).toEqual({ role: "assistant", content: begun.trimEnd() });
    expect(rest.text).not.toMatch(/^\s/);
    expect(begun + rest.text).toBe(whole.text);
  });

  it("maps an in-stream rate_limit_error to rate_limited and overloaded_error to server_error", async () => {
    const config = family("anthropic", upstream.url, "an-err");
    const limited = await run(config, { messages: [user("x [[fault an-err stream_error n=1 type=rate_limit_error]]")] });
    expect((limited.error as UpstreamFailure).kind).toBe("rate_limited");
    const overloaded = await run(config, { messages: [user("x [[fault an-err stream_error type=overloaded_error]]")] });
    expect((overloaded.error as UpstreamFailure).kind).toBe("server_error");
  });

  it("reports input tokens from message_start and output tokens from message_delta in one usage event", async () => {
    const outcome = await run(family("anthropic", upstream.url, "an-usage"), { messages: [user("Count me [[tag an-usage]] [[words 9]]")] });
    const usage = outcome.events.filter((e) => e.type === "usage");
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    expect(outcome.events.at(-2)).toEqual(usage[0]);
  });
});
