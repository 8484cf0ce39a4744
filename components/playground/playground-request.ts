// The playground's form state, and the request it stands for: the body the API would get, and
// the equivalent curl command (with a placeholder, never a key).
import type { Endpoint } from "@/server/vocab/endpoints";
import { readSchema, readTools } from "./json-boxes";

export type PlaygroundMessage = { role: "system" | "user" | "assistant"; content: string };

export type PlaygroundForm = {
  endpoint: Endpoint;
  /** "" = the endpoint's default product. */
  product: string;
  task: string;
  risk: number;
  mode: "prompt" | "messages";
  prompt: string;
  messages: PlaygroundMessage[];
  maxOutputTokens: string;
  temperature: string;
  /** A JSON array of tool definitions; "" = no tools. */
  tools: string;
  toolChoice: "auto" | "required" | "none";
  responseFormat: "text" | "json_object" | "json_schema";
  /** The JSON Schema of a `json_schema` answer. */
  schema: string;
};

export const initialForm: PlaygroundForm = {
  endpoint: "completions",
  product: "",
  task: "",
  risk: 0.3,
  mode: "prompt",
  prompt: "",
  messages: [{ role: "user", content: "" }],
  maxOutputTokens: "",
  temperature: "",
  tools: "",
  toolChoice: "auto",
  responseFormat: "text",
  schema: "",
};

/** Review judges, it does not act: it takes no tools (the form hides them there). */
export const takesTools = (endpoint: Endpoint) => endpoint !== "review";

/** The name a playground schema is sent under (the API asks for one; it names the format only). */
const SCHEMA_NAME = "answer";

/** What is wrong with the form's JSON boxes, by box; none means the request may be sent. */
export function formErrors(form: PlaygroundForm): { tools?: string; schema?: string } {
  const tools = takesTools(form.endpoint) ? readTools(form.tools).error : undefined;
  const schema = form.responseFormat === "json_schema" ? readSchema(form.schema).error : undefined;
  return { ...(tools && { tools }), ...(schema && { schema }) };
}

function responseFormat(form: PlaygroundForm) {
  if (form.responseFormat === "json_object") return { type: "json_object" };
  const schema = form.responseFormat === "json_schema" ? readSchema(form.schema).value : undefined;
  return schema && { type: "json_schema", json_schema: { name: SCHEMA_NAME, schema } };
}

/** The generation request body (without `stream`), as the REST endpoint takes it; a box in error is left out. */
export function requestBody(form: PlaygroundForm) {
  const tools = takesTools(form.endpoint) ? readTools(form.tools).value : undefined;
  const format = responseFormat(form);
  return {
    ...(form.product && { product: form.product }),
    ...(form.mode === "prompt" ? { prompt: form.prompt } : { messages: form.messages }),
    ...(form.task && { task: form.task }),
    risk: form.risk,
    ...(form.maxOutputTokens && { max_output_tokens: Number(form.maxOutputTokens) }),
    ...(form.temperature && { temperature: Number(form.temperature) }),
    ...(tools && { tools, tool_choice: form.toolChoice }),
    ...(format && { response_format: format }),
  };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(form: PlaygroundForm, origin: string): string {
  const body = JSON.stringify({ ...requestBody(form), stream: true });
  return [
    `curl -sN ${origin}/api/public/v1/ai/${form.endpoint}`,
    `  -H "Authorization: Bearer $SWITCHYARD_API_KEY"`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(body)}`,
  ].join(" \\\n");
}
