// The field policy is the one place that says what each vendor door does with each field: every
// field a door's schema declares has its row, every ignored field at the top is either declared
// (its form checked) or taken out and named, and an unknown field is taken out and named, also
// nested, while the door's other checks still refuse by name.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messagesRequest } from "../anthropic-schema";
import { chatCompletionRequest } from "../openai-schema";
import { responseRequest } from "../responses-schema";
import { parseLenient } from "./door-body";
import { FIELD_POLICY, ignoredIn, type PolicyDoor } from "./field-policy";

const SCHEMAS: Record<PolicyDoor, z.ZodObject> = { anthropic: messagesRequest, chat: chatCompletionRequest, responses: responseRequest };

describe("the field policy", () => {
  for (const [door, schema] of Object.entries(SCHEMAS) as [PolicyDoor, z.ZodObject][]) {
    it(`has a row for every field ${door}'s schema declares, and declares every row it does not ignore`, () => {
      const top = new Set(FIELD_POLICY[door].map((r) => r.field.split(".")[0]));
      for (const field of Object.keys(schema.shape)) expect(top, `${door}: ${field}`).toContain(field);
      for (const row of FIELD_POLICY[door].filter((r) => r.policy !== "ignored" && !r.field.includes("."))) expect(Object.keys(schema.shape)).toContain(row.field);
      expect(new Set(FIELD_POLICY[door].map((r) => r.field)).size).toBe(FIELD_POLICY[door].length);
    });
  }

  it("takes unknown fields out and names them, nested ones by their path, then parses", () => {
    const { body, ignored } = parseLenient(
      {
        model: "scholar",
        max_tokens: 10,
        context_management: { edits: [] },
        thread: { type: "create" },
        tools: [{ name: "a", input_schema: { type: "object" }, defer_loading: true }],
        messages: [{ role: "user", content: [{ type: "text", text: "hi", brand_new: 1 }] }],
      },
      messagesRequest,
    );
    expect(body.tools).toEqual([{ name: "a", input_schema: { type: "object" } }]);
    expect(ignored.sort()).toEqual(["context_management", "messages.*.content.*.brand_new", "thread", "tools.*.defer_loading"]);
  });

  it("still refuses a wrong value of a known field", () => {
    expect(() => parseLenient({ model: "scholar", max_tokens: "many", extra: 1, messages: [] }, messagesRequest)).toThrow(/max_tokens/);
  });

  it("names the ignored fields a body carries", () => {
    const body = responseRequest.parse({ model: "scholar", input: "hi", reasoning: { summary: "auto" }, include: ["reasoning.encrypted_content"], text: { verbosity: "low" }, user: "u" });
    expect(ignoredIn("responses", body).sort()).toEqual(["text.verbosity", "user"]);
    expect(ignoredIn("responses", responseRequest.parse({ model: "scholar", input: "hi", include: [] }))).toEqual([]);
  });
});
