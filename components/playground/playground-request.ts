// The playground's form state, and the request it stands for: the body the API would get, and
// the equivalent curl command (with a placeholder, never a key).
import type { Endpoint } from "@/server/vocab/endpoints";

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
};

/** The generation request body (without `stream`), as the REST endpoint takes it. */
export function requestBody(form: PlaygroundForm) {
  return {
    ...(form.product && { product: form.product }),
    ...(form.mode === "prompt" ? { prompt: form.prompt } : { messages: form.messages }),
    ...(form.task && { task: form.task }),
    risk: form.risk,
    ...(form.maxOutputTokens && { max_output_tokens: Number(form.maxOutputTokens) }),
    ...(form.temperature && { temperature: Number(form.temperature) }),
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
