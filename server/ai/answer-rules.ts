// What a request asks of its answer and of the engines beyond text, worked out before anything is
// reserved: the response format and tools as rules for the answer (their schemas bounded at once,
// compiled only once the request's funds are known to be there: a bad one is then a 400), what an
// engine must be able to do (routing skips the others), the 400 when no engine of
// the product can, and review's refusal of tools.
import "server-only";
import { AppError } from "../errors";
import type { AnswerRules } from "./answer-shape";
import { families } from "./families";
import type { Capability } from "./families/config";
import type { GenerationInput } from "./schema";
import { compileSchema } from "./json-schema";
import { productIds, products } from "../vocab/products";
import type { ChatMessage, ResponseSchema } from "./providers/types";
import { plan, type PlanInput } from "./routing/plan";
import { hasImages } from "./rules";
import { boundSchemas } from "./schema-bounds";
import { compileStrictTools, strictSchemas, toolRules, type ToolRules } from "./tool-calls";

const RESPONSE_SCHEMA = "response_format.json_schema.schema";

/**
 * The request's `response_format` and tools as rules for the answer, their sizes bounded (a 413
 * naming the field); nothing is compiled yet (compileAnswerRules, after the funds checks).
 */
export function answerRules(request: GenerationInput): { answer: AnswerRules; responseSchema?: ResponseSchema } {
  const format = request.response_format;
  const tools = toolRules(request);
  const answer: AnswerRules = { stop: request.stop, json: format?.type === "json_object", ...(tools ? { tools } : {}) };
  const responseSchema = format?.type === "json_schema" ? { name: format.json_schema.name, schema: format.json_schema.schema ?? {}, ...(format.json_schema.strict ? { strict: true } : {}) } : undefined;
  boundSchemas([...(responseSchema ? [{ param: RESPONSE_SCHEMA, schema: responseSchema.schema }] : []), ...strictSchemas(tools)]);
  return { answer, ...(responseSchema ? { responseSchema } : {}) };
}

/** Compiles the response schema and the strict tools' parameters (off the event loop): a bad one is a 400 naming it. */
export async function compileAnswerRules(answer: AnswerRules, responseSchema: ResponseSchema | undefined): Promise<void> {
  if (responseSchema) answer.schema = await compileSchema(responseSchema.schema, RESPONSE_SCHEMA);
  await compileStrictTools(answer.tools);
}

/** What the request needs of an engine beyond text. */
export function needsOf(messages: ChatMessage[], tools: ToolRules | undefined, responseSchema: ResponseSchema | undefined): Capability[] {
  const needs: Capability[] = [];
  if (tools || messages.some((m) => m.role === "tool" || m.toolCalls?.length)) needs.push("tools");
  if (responseSchema) needs.push("json_schema");
  if (hasImages(messages)) needs.push("images");
  return needs;
}

/** No engine of the chain can do what the request needs: 400 naming the field, and the products that can. */
export function noCapableEngine(input: PlanInput, lacking: Capability[]): AppError {
  const param = lacking.includes("tools") ? "tools" : lacking.includes("json_schema") ? "response_format" : "messages";
  const what = param === "tools" ? "tool calls" : param === "response_format" ? "answers to a JSON Schema" : "images";
  const able = productIds.filter((id) => id !== input.product && products[id].endpoints.includes(input.endpoint) && plan(families(), { ...input, product: id }).steps.length > 0);
  const instead = able.length ? ` Products that can: ${able.join(", ")}.` : " No product can on this endpoint; leave the field out.";
  return new AppError("invalid_body", `\`${param}\`: no engine of ${input.product} takes ${what}.${instead}`, { param });
}

/** Review judges, it does not act: no tools (tool_choice and tool turns included). */
export function refuseToolsOnReview(request: GenerationInput): void {
  const uses = request.tools?.length || request.tool_choice !== undefined || request.parallel_tool_calls !== undefined ||
    request.messages?.some((m) => m.role === "tool" || m.tool_calls?.length);
  if (uses) throw new AppError("invalid_body", "Reviews take no `tools`: a review judges, it does not act. Send tool calls to the completions or code endpoint.", { param: "tools" });
}
