// LangChain (`@langchain/openai` ChatOpenAI) through the OpenAI door, against each kind of family
// (the sandbox, the fake upstream in the OpenAI-compatible and in the Anthropic wire format):
// bindTools (invoke, a second turn with the tool's result, and .stream()) and withStructuredOutput
// (its default, a json_schema response format, and function calling). Non-streaming invoke or
// .stream() only: `streaming: true` with invoke() fetches tokenizer files, which hangs offline.
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { askBoth, askWeather, clock, clockParameters, expectValidArguments, weather, weatherParameters, weatherResult } from "../fixtures/client-tools";
import { FAMILY_KINDS, kindServer, newTag, type KindServer } from "../fixtures/family-kinds";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 63;

for (const kind of FAMILY_KINDS) {
  test.describe(kind, () => {
    test.describe.configure({ mode: "serial" });
    let server: KindServer;
    let chat: ChatOpenAI;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await kindServer(kind, "clients-langchain", PORT);
      chat = new ChatOpenAI({ model: server.product, apiKey: server.key, maxRetries: 0, configuration: { baseURL: `${server.base}/api/public/v1/openai`, fetch: server.fetch } });
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    test("bindTools: invoke gets one whole call; the next turn with its ToolMessage gets an answer that uses the result", async () => {
      const tag = newTag("lc-tools");
      const withTools = chat.bindTools([weather, clock]);
      const history: BaseMessage[] = [new HumanMessage(`${server.tagged(tag)}${askWeather}`)];
      const first = await withTools.invoke(history);
      expect(first.tool_calls?.map((c) => c.name)).toEqual(["get_weather"]);
      const [call] = first.tool_calls!;
      expect(call.id).toMatch(/^call_/);
      expectValidArguments(weatherParameters, call.args);
      expect(first.response_metadata.finish_reason).toBe("tool_calls");
      history.push(first, new ToolMessage({ tool_call_id: call.id!, content: JSON.stringify(weatherResult) }));
      const second = await withTools.invoke(history);
      expect(second.tool_calls ?? []).toEqual([]);
      expect(second.content).toContain(JSON.stringify(weatherResult));
      await server.expectAnsweredBy(tag);
    });

    test("bindTools with .stream(): the chunks add up to whole calls", async () => {
      const tag = newTag("lc-stream");
      let joined: AIMessageChunk | undefined;
      for await (const chunk of await chat.bindTools([weather, clock]).stream([new HumanMessage(`${server.tagged(tag)}${askBoth}`)])) {
        joined = joined ? joined.concat(chunk) : chunk;
      }
      const calls = new AIMessage({ content: "", tool_calls: joined?.tool_calls ?? [] }).tool_calls!;
      expect(joined?.invalid_tool_calls ?? []).toEqual([]);
      expect(calls.map((c) => c.name)).toEqual(["get_weather", "get_time"]);
      expectValidArguments(weatherParameters, calls[0].args);
      expectValidArguments(clockParameters, calls[1].args);
      await server.expectAnsweredBy(tag);
    });

    const Film = z.object({ title: z.string(), year: z.number().int().min(1900), genres: z.array(z.enum(["drama", "comedy"])).min(1) });
    for (const method of [undefined, "functionCalling"] as const) {
      test(`withStructuredOutput (${method ?? "its default, json_schema"}): an object valid against the zod schema`, async () => {
        const tag = newTag("lc-structured");
        const structured = chat.withStructuredOutput(Film, { name: "film", ...(method ? { method } : {}) });
        const before = server.sent.length;
        const film = await structured.invoke(`${server.tagged(tag)}Name a film.`);
        const [body] = server.sent.slice(before);
        if (method) expect(body.tool_choice).toEqual({ type: "function", function: { name: "film" } });
        else expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "film" } });
        expect(Film.parse(film)).toEqual(film);
        await server.expectAnsweredBy(tag);
      });
    }
  });
}
