// The OpenAI door's models carry what a client picks a model by: a fixed creation time, the
// context length and the prices (credits per 1k tokens, from the live rates), and the official
// SDK's models.list() and models.retrieve() still read them.
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { call } from "../fixtures/api";
import { ratesOf } from "../fixtures/ai";
import { state } from "../fixtures/state";

type Model = { id: string; created: number; context_length: number; pricing: { input_per_1k_tokens: number; output_per_1k_tokens: number } };

test("GET /openai/models and /models/{id}: created, context_length and pricing", async () => {
  const key = state().a.readKey;
  const list = await call("GET", "/api/public/v1/openai/models", { key });
  expect(list.status).toBe(200);
  const products = (await call("GET", "/api/public/v1/ai/products")).body.data as { id: string; limits: { max_input_tokens: number } }[];
  for (const model of list.body.data as Model[]) {
    expect(model.created, model.id).toBeGreaterThan(Date.UTC(2024, 0, 1) / 1000);
    expect(model.created, model.id).toBeLessThan(Date.now() / 1000);
    const limit = products.find((p) => p.id === model.id)!.limits.max_input_tokens;
    expect(model.context_length, model.id).toBeGreaterThan(0);
    expect(model.context_length, model.id).toBeLessThanOrEqual(limit);
    const rates = await ratesOf(model.id);
    expect(model.pricing.input_per_1k_tokens, model.id).toBeCloseTo(rates.input_per_million_tokens / 1000, 9);
    expect(model.pricing.output_per_1k_tokens, model.id).toBeCloseTo(rates.output_per_million_tokens / 1000, 9);
    const one = await call("GET", `/api/public/v1/openai/models/${model.id}`, { key });
    expect(one.body).toEqual(model);
  }
  const again = await call("GET", "/api/public/v1/openai/models", { key });
  expect(again.body.data.map((m: Model) => m.created)).toEqual(list.body.data.map((m: Model) => m.created));
});

test("the openai SDK reads them: models.list() and models.retrieve()", async () => {
  const client = new OpenAI({ apiKey: state().a.readKey, baseURL: `${state().baseURL}/api/public/v1/openai`, maxRetries: 0 });
  const ids: string[] = [];
  for await (const model of client.models.list()) {
    expect(model.created).toBeGreaterThan(0);
    expect((model as unknown as Model).context_length).toBeGreaterThan(0);
    ids.push(model.id);
  }
  expect(ids.sort()).toEqual(["advanced", "fire", "scholar", "sentinel", "vision"]);
  const scholar = await client.models.retrieve("scholar");
  expect((scholar as unknown as Model).pricing.input_per_1k_tokens).toBeGreaterThanOrEqual(0);
});
