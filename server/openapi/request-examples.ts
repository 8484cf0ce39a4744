// The request body /docs shows in each operation's curl example, where the schema's own examples,
// defaults and enums do not make a telling one (components/docs/request-example.ts builds the rest).
// Values the server takes: the catalog's plans and products, ids shaped as ids
// (reference-page.test.ts parses each with the operation's request schema).
import "server-only";

const SSH_KEY_ID = "ssh_01jd0v6x4m8q2r5t7w9y1b3c5g";

export const requestExamples: Record<string, unknown> = {
  "post /api/public/v1/ai/completions": { product: "scholar", prompt: "Explain what a mutex is in two sentences." },
  "post /api/public/v1/ai/code": { prompt: "Write a TypeScript function that reverses a string.", task: "implement" },
  "post /api/public/v1/ai/review": { review_of: "gen_01jd0v6x4m8q2r5t7w9y1b3c5e", prompt: "Check the function for bugs." },
  "post /api/public/v1/openai/chat/completions": { model: "scholar", messages: [{ role: "user", content: "Explain what a mutex is in two sentences." }] },
  "post /api/public/v1/openai/responses": { model: "scholar", instructions: "Answer in two sentences.", input: "Explain what a mutex is." },
  "post /api/public/v1/openai/responses/input_tokens": { model: "scholar", instructions: "Answer in two sentences.", input: "Explain what a mutex is." },
  "post /api/public/v1/anthropic/v1/messages": { model: "scholar", max_tokens: 1024, messages: [{ role: "user", content: "Explain what a mutex is in two sentences." }] },
  "post /api/public/v1/anthropic/v1/messages/count_tokens": { model: "scholar", messages: [{ role: "user", content: "Explain what a mutex is in two sentences." }] },
  "post /v1/api_keys": { name: "ci", scope: "read" },
  "patch /v1/api_keys/{id}": { name: "ci (read only)", credit_limit: 20, limit_reset: "daily" },
  "post /v1/instances": { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: SSH_KEY_ID, hostname: "web-1" },
  "patch /v1/instances/{id}": { plan: "s-2vcpu-4gb" },
  "post /v1/instances/{id}/snapshots": { name: "web-1 before upgrade" },
  "post /v1/ssh_keys": { name: "laptop", public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHlH3uEzxQ0ySc8kN8JbS2xwTgYx6qNpcmKtNzHtWlMd me@laptop" },
  "post /v1/domains": { name: "example.com" },
  "post /v1/domains/{name}/records": { type: "A", name: "www", value: "203.0.113.10", ttl: 3600 },
  "patch /v1/domains/{name}/records/{id}": { value: "203.0.113.11" },
  "post /v1/webhooks": { url: "https://example.com/hooks/switchyard", events: ["instance.created", "instance.status_changed"] },
  "patch /v1/webhooks/{id}": { enabled: false },
};
