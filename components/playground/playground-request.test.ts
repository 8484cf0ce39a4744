// The playground's request: tools, tool choice and response format go in the body (and so in the
// curl example) when set; a JSON box that cannot be read is named, and left out of the body.
import { describe, expect, it } from "vitest";
import { SAMPLE_TOOLS } from "./json-boxes";
import { curlCommand, formErrors, initialForm, requestBody, type PlaygroundForm } from "./playground-request";

const form = (change: Partial<PlaygroundForm>): PlaygroundForm => ({ ...initialForm, prompt: "Weather in Oslo?", ...change });
const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };

describe("playground request", () => {
  it("sends no tools and no format by default", () => {
    expect(requestBody(form({}))).toEqual({ prompt: "Weather in Oslo?", risk: 0.3 });
    expect(formErrors(form({}))).toEqual({});
  });

  it("sends the tools with their choice, and the format, in the body and the curl example", () => {
    const filled = form({ tools: JSON.stringify(SAMPLE_TOOLS), toolChoice: "required", responseFormat: "json_schema", schema: JSON.stringify(schema) });
    expect(formErrors(filled)).toEqual({});
    expect(requestBody(filled)).toMatchObject({ tools: SAMPLE_TOOLS, tool_choice: "required", response_format: { type: "json_schema", json_schema: { name: "answer", schema } } });
    expect(curlCommand(filled, "https://x.test")).toContain('"tool_choice":"required","response_format":{"type":"json_schema"');
    expect(requestBody(form({ responseFormat: "json_object" }))).toMatchObject({ response_format: { type: "json_object" } });
  });

  it("names a box that is not JSON, or not the JSON it should be, and leaves it out", () => {
    const broken = form({ tools: '[{"type": "function"', responseFormat: "json_schema", schema: "[1]" });
    expect(formErrors(broken)).toEqual({ tools: expect.stringMatching(/^Tools are not valid JSON: /), schema: expect.stringMatching(/must be a JSON object/) });
    expect(requestBody(broken)).not.toHaveProperty("tools");
    expect(requestBody(broken)).not.toHaveProperty("response_format");
    expect(formErrors(form({ tools: '{"type": "function"}' })).tools).toMatch(/must be a JSON array/);
    expect(formErrors(form({ responseFormat: "json_schema" })).schema).toMatch(/Write the JSON schema/);
  });

  it("leaves tools out on review, which takes none", () => {
    const review = form({ endpoint: "review", tools: "not json" });
    expect(formErrors(review)).toEqual({});
    expect(requestBody(review)).not.toHaveProperty("tools");
  });
});
