// The reference page's worked examples, shown after the basics: the doors with their official SDKs
// (OpenAI Chat and Responses, Anthropic Messages), tool calling with the official `openai` SDK and with
// curl on the native API, and structured output. What they show is the
// contract of the request's fields (server/ai/tools-schema.ts) and of the native stream
// (server/ai/doors/native.ts).
import { FIELD_POLICY, POLICY_WORDS, type PolicyDoor } from "@/server/ai/doors/field-policy";
import { WEBHOOK_GUIDE } from "./webhook-guide";

export type Guide = {
  id: string;
  title: string;
  paragraphs: string[];
  /** Tables after the paragraphs: a caption, the column heads, the rows (cells may hold `code`). */
  tables?: { caption: string; head: string[]; rows: string[][] }[];
  examples: { caption: string; code: string }[];
};

const POLICY_DOORS: Record<PolicyDoor, string> = {
  anthropic: "Anthropic Messages (`/api/public/v1/anthropic/v1/messages`, and `count_tokens`)",
  chat: "OpenAI Chat Completions (`/api/public/v1/openai/chat/completions`)",
  responses: "OpenAI Responses (`/api/public/v1/openai/responses`, and `input_tokens`)",
};

/** The field policy of server/ai/doors/field-policy.ts, one table per vendor door. */
const FIELD_POLICY_GUIDE: Guide = {
  id: "field-policy",
  title: "Field policy of the vendor doors",
  paragraphs: [
    "Each vendor door takes every field of its vendor's current request types, the betas its clients send included. A field is honoured (done here, whichever engine answers), passed (on to engines of that wire format), mapped (onto the native request), ignored, or refused only where honouring is impossible and ignoring would change the answer's meaning.",
    "An ignored field, and any field the door does not know at all, is named in the answer's `x-switchyard-ignored-params` header (comma-separated, list items as `*`: `tools.*.defer_loading`); an output limit above the product's is clamped to it and said in `x-switchyard-clamped-params` (`max_tokens=8192`). The native API stays strict: an unknown field there is a 400 naming it.",
    ...Object.entries(POLICY_WORDS).map(([policy, words]) => `\`${policy}\`: ${words}.`),
  ],
  tables: (Object.keys(POLICY_DOORS) as PolicyDoor[]).map((door) => ({
    caption: POLICY_DOORS[door],
    head: ["Field", "Policy", "What happens"],
    rows: FIELD_POLICY[door].map((row) => [`\`${row.field}\``, row.policy, row.note]),
  })),
  examples: [],
};

const WEATHER_TOOL = `{"type": "function", "function": {"name": "get_weather", "description": "The weather now in a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}`;

export const GUIDES: Guide[] = [
  {
    id: "doors",
    title: "SDKs and doors",
    paragraphs: [
      "The same generation answers through several doors, each a wire format for existing SDKs: the native API (`/api/public/v1/ai/...`), OpenAI's Chat Completions (`/api/public/v1/openai`) and Anthropic's Messages (`/api/public/v1/anthropic`). `model` names a product (`scholar` or `switchyard/scholar`); keys, routing, failover, limits and credits are the same behind every door, and each answer carries a `switchyard` member with its credits and routing. Errors come in each door's own shape.",
      "On the Anthropic door the key goes in `x-api-key` (the SDK's `apiKey`) or as a Bearer (`authToken`); every answer carries `request-id`; a stop sequence that ended the answer is `stop_reason: \"stop_sequence\"` with `stop_sequence` set; an unknown model is 404 `not_found_error`. What each door does with each field is in the field policy below.",
    ],
    examples: [
      {
        caption: "The official `openai` SDK (JS) on the OpenAI door.",
        code: `import OpenAI from "openai";

const openai = new OpenAI({ baseURL: "https://switchyard.example/api/public/v1/openai", apiKey: process.env.SWITCHYARD_API_KEY });
const completion = await openai.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: "Explain B-trees." }] });
console.log(completion.choices[0].message.content, completion.switchyard.credits);`,
      },
      {
        caption: "The official `@anthropic-ai/sdk` (JS) on the Anthropic door: a message, then the same streamed.",
        code: `import Anthropic from "@anthropic-ai/sdk";

const anthropic = new Anthropic({ baseURL: "https://switchyard.example/api/public/v1/anthropic", apiKey: process.env.SWITCHYARD_API_KEY });
const message = await anthropic.messages.create({ model: "scholar", max_tokens: 1024, messages: [{ role: "user", content: "Explain B-trees." }] });
console.log(message.content[0].text, message.switchyard.credits);

const stream = anthropic.messages.stream({ model: "scholar", max_tokens: 1024, messages: [{ role: "user", content: "Explain B-trees." }] });
stream.on("text", (text) => process.stdout.write(text));
const final = await stream.finalMessage(); // stop_reason, usage`,
      },
    ],
  },
  {
    id: "tool-calling",
    title: "Tool calling",
    paragraphs: [
      "Send `tools` (functions with a JSON Schema for their arguments) and, optionally, `tool_choice` (`auto`, `required`, `none` or one named function). An answer that calls tools ends with `finish_reason: \"tool_calls\"`. A call is delivered only whole, with arguments that parse as JSON (and match `parameters` when the tool is `strict`); a call cut, stalled or invalid is asked of the next engine instead, so a client never sees a broken one.",
      "Run the tools yourself and send their results in the next turn: the assistant turn with its calls, then one `tool` turn per call with its `tool_call_id`. Tool definitions and results count as input tokens. Reviews take no tools.",
    ],
    examples: [
      {
        caption: "The official `openai` SDK (JS) on the OpenAI door: a call, then the answer that uses its result.",
        code: `import OpenAI from "openai";

const client = new OpenAI({ baseURL: "https://switchyard.example/api/public/v1/openai", apiKey: process.env.SWITCHYARD_API_KEY });
const tools = [{
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather now in a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
    strict: true,
  },
}];
const messages = [{ role: "user", content: "What is the weather in Oslo?" }];

const first = await client.chat.completions.create({ model: "scholar", messages, tools });
const { message } = first.choices[0]; // finish_reason: "tool_calls"
messages.push(message);
for (const call of message.tool_calls ?? []) {
  const { city } = JSON.parse(call.function.arguments); // a JSON string on this door
  messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ city, temperature_c: 4, sky: "overcast" }) });
}
const second = await client.chat.completions.create({ model: "scholar", messages, tools });
console.log(second.choices[0].message.content);`,
      },
      {
        caption: "curl on the native API, streamed: each call arrives whole as one `event: tool_call` (its `arguments` an object), after any text and before `done`.",
        code: `curl -sN https://switchyard.example/api/public/v1/ai/completions \\
  -H "Authorization: Bearer $SWITCHYARD_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"prompt": "What is the weather in Oslo?", "stream": true, "tool_choice": "required",
  "tools": [${WEATHER_TOOL}]}'

event: tool_call
data: {"id":"call_01jd0v6x4m8q2r5t7w9y1b3c5f","name":"get_weather","arguments":{"city":"Oslo"}}

event: done
data: {"id":"gen_01jd0v6x4m8q2r5t7w9y1b3c5e","product":"scholar","usage":{...},"routing":{...},"finish_reason":"tool_calls","metadata":{}}`,
      },
      {
        caption: "The second turn: the assistant's calls as they came, and the tool's result with the call's id.",
        code: `curl -sN https://switchyard.example/api/public/v1/ai/completions \\
  -H "Authorization: Bearer $SWITCHYARD_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"stream": true, "tools": [${WEATHER_TOOL}],
  "messages": [
    {"role": "user", "content": "What is the weather in Oslo?"},
    {"role": "assistant", "tool_calls": [{"id": "call_01jd0v6x4m8q2r5t7w9y1b3c5f", "name": "get_weather", "arguments": {"city": "Oslo"}}]},
    {"role": "tool", "tool_call_id": "call_01jd0v6x4m8q2r5t7w9y1b3c5f", "content": "{\\"temperature_c\\": 4, \\"sky\\": \\"overcast\\"}"}]}'

event: delta
data: {"text":"It is 4 °C and overcast in Oslo..."}

event: done
data: {...,"finish_reason":"stop","metadata":{}}`,
      },
    ],
  },
  {
    id: "structured-output",
    title: "Structured output",
    paragraphs: [
      "`response_format: {\"type\": \"json_schema\", \"json_schema\": {\"name\", \"schema\", \"strict\"}}` asks for JSON valid against the schema (`{\"type\": \"json_object\"}` for any one JSON object). The answer is checked before any of it is sent (a stream sends it in one piece at the end); an engine whose answer fails is never billed and the next one is asked; none passing is a 502 `upstream_unavailable` saying so.",
      "The schemas a request has checked (this one and every strict tool's `parameters`) are at most 64 KB and 1,000 subschemas together, with `$ref`s only inside the schema; more is a 413 naming the field. `pattern`s are matched by a linear-time engine (RE2 syntax, JavaScript's `\\u` escapes taken): lookaround and backreferences are refused by name with a 400, so no pattern can make a check slow. Schemas are compiled only once the request's credits are known to be there, and never for `count_tokens`.",
    ],
    examples: [
      {
        caption: "The same field on both doors; here with the `openai` SDK (JS).",
        code: `const film = await client.chat.completions.create({
  model: "scholar",
  messages: [{ role: "user", content: "A film about a river." }],
  response_format: {
    type: "json_schema",
    json_schema: {
      name: "film",
      strict: true,
      schema: { type: "object", properties: { title: { type: "string" }, year: { type: "integer" } }, required: ["title", "year"], additionalProperties: false },
    },
  },
});
const { title, year } = JSON.parse(film.choices[0].message.content);`,
      },
    ],
  },
  {
    id: "openai-responses",
    title: "OpenAI Responses",
    paragraphs: [
      "`POST /api/public/v1/openai/responses` takes OpenAI's Responses format, so `client.responses.create`, `.stream` and `.parse` of the official SDKs work with `model` set to a product. `input` is a string or the whole conversation as items: messages (`user`, `assistant`, `system`, `developer`; text as `input_text`, images as `input_image` with an https:// or data:image/ `image_url`), `function_call` and `function_call_output`. `instructions`, `max_output_tokens`, `temperature`, `top_p`, `tools` (`function`), `tool_choice`, `parallel_tool_calls`, `text.format` (`text`, `json_object`, `json_schema`) and `metadata` work as OpenAI defines them; a tool's arguments are checked against `parameters` when its `strict` is `true`.",
      "The door is stateless: nothing is stored, whatever `store` says, and a response is never `store`d (absent `store` means the same as `false`). `store: true`, `previous_response_id`, `background: true`, `conversation`, `prompt`, `item_reference` items and the tools OpenAI runs itself (`web_search`, `file_search`, ...) are refused with 400 `invalid_body` naming the field: send the whole conversation in `input`, the answer's `output` items included.",
      "Streamed, the events are OpenAI's, numbered by `sequence_number`: `response.created`, `response.in_progress`, the message item and its `response.output_text.delta`s, each call item whole (`response.function_call_arguments.delta` then `.done`), and `response.completed` (or `response.incomplete` when the output limit cut the answer) with `usage` and our `switchyard` member (credits, routing). A failure after the start ends the stream with `response.failed`.",
    ],
    examples: [
      {
        caption: "The official `openai` SDK (JS): a call, its result sent back with the whole conversation, then the answer.",
        code: `import OpenAI from "openai";

const client = new OpenAI({ baseURL: "https://switchyard.example/api/public/v1/openai", apiKey: process.env.SWITCHYARD_API_KEY });
const tools = [{
  type: "function",
  name: "get_weather",
  description: "The weather now in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
  strict: true,
}];
const input = [{ role: "user", content: "What is the weather in Oslo?" }];

const first = await client.responses.create({ model: "scholar", input, tools });
input.push(...first.output); // the function_call items, as they came
for (const call of first.output.filter((item) => item.type === "function_call")) {
  const { city } = JSON.parse(call.arguments);
  input.push({ type: "function_call_output", call_id: call.call_id, output: JSON.stringify({ city, temperature_c: 4 }) });
}
const second = await client.responses.create({ model: "scholar", input, tools });
console.log(second.output_text, second.usage, second.switchyard.credits);

const stream = client.responses.stream({ model: "scholar", input: "Explain what a mutex is." });
stream.on("response.output_text.delta", (event) => process.stdout.write(event.delta));
const final = await stream.finalResponse();`,
      },
    ],
  },
  {
    id: "console-accounts",
    title: "Console passwords and sessions",
    paragraphs: [
      "The console's Security page changes your password (the current one first; the new one needs 12 characters or more and must not be easy to guess). Every other console session ends; the one you are using stays signed in, and a mail tells you the password changed.",
      "Forgot it? \"Forgot password?\" on the sign-in page mails a link to the address you give, and answers the same whether or not an account has that address. The link works once, for an hour (`PASSWORD_RESET_LINK_SECONDS`); setting a new password with it ends every session of the account.",
      "The Security page also lists your console sessions (browser, address, when each began and was last used; this browser's marked) and ends any other one with \"End this session\". Signing out ends this browser's session; \"Sign out everywhere\" ends them all. API keys are not sessions: a password change or reset does not revoke them.",
    ],
    examples: [],
  },
  {
    id: "members-and-roles",
    title: "Members and roles",
    paragraphs: [
      "A workspace has members, each with one role: **owner** (everything, members and billing included), **admin** (everything but members and ownership), **developer** (API keys, instances, SSH keys, DNS, webhooks, the playground and usage) and **viewer** (the console's pages, read-only: no API keys, no playground, no billing). The console hides what a role cannot do, and the service refuses it on every call, so a role change applies on the member's next request.",
      "Owners invite people on the **Members** page by email and role. The mailed link works once, for 7 days, and only for an account with the invited address: sign in (or create an account with it) and accept. Inviting an address again replaces its pending invitation; a pending one can be revoked. Everyone in the workspace sees its members.",
      "Owners change roles and remove members; a removed member's console sessions in the workspace end at once. Anyone may leave. A workspace always keeps an owner: its last owner can neither leave nor be demoted or removed (make another member an owner first). Someone in several workspaces switches between them in the console's header.",
      "API keys are not members: a key keeps acting on its project whatever its creator's role becomes. Removing a member revokes the keys they made in the workspace, and every key made by those keys, unless the owner unticks **Also revoke the API keys they made** (`members.remove` with `revokeKeys: false`); the audit log's `member.remove` lists them (`api_keys_revoked` or `api_keys_kept`) and each revocation has its own `api_key.revoke`. Every invitation, join, role change, removal and departure is in the audit log (`member.invite`, `member.invite_revoke`, `member.join`, `member.role_change`, `member.remove`, `member.leave`).",
    ],
    examples: [],
  },
  {
    id: "two-factor-sign-in",
    title: "Two-factor sign-in",
    paragraphs: [
      "The console can ask for a second factor at sign-in: on the Security page, **Set up two-factor sign-in** shows a QR code and its key (once) for any authenticator app (TOTP: 6 digits, every 30 seconds); your password and a code from the app turn it on (a session alone cannot), every other session of yours ends, you are mailed, and ten recovery codes are shown, once. Store them: each signs you in once in place of a code. The key is stored encrypted, the recovery codes only as hashes.",
      "From then on the password alone does not sign in: the sign-in page asks for the code (or a recovery code). A code is accepted once; a wrong one counts as a failed sign-in, with the same waits as a wrong password, and against the account: after 5 wrong codes in a row (from any address, but only ever after the right password) each further code waits, doubling. A password reset leaves it on; an owner locked out by an authenticator that is not theirs asks the operator (`npm run admin -- reset-two-factor --email ...`). Turning it off needs the password and a code; new recovery codes (the old ones stop working) need a code.",
      "A workspace may require it of every member (**Require it of every member** on the Security page, once it is on for you): a member without it is sent to set it up before anything else in the console. API keys are not affected: they remain the API's only credential.",
    ],
    examples: [],
  },
  FIELD_POLICY_GUIDE,
  WEBHOOK_GUIDE,
];
