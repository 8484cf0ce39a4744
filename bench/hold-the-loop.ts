// `npx tsx bench/hold-the-loop.ts <base-url> <read_write key> [server pid]`: the exact inputs of
// the fourth security review (issue 38) against a running server, one at a time, each while
// another client calls /api/health every 20 ms. Prints, per input, its answer's status and time
// and the slowest and median health answer meanwhile; with the server's pid, its RSS before and
// after the nested-$id requests (row 4). Then the forgot-password timing of row 10: the median of
// asks for an account and for none, each from its own loopback address (the asks are limited per
// address). A request that takes longer than --give-up seconds (default 150) is abandoned;
// --skip= leaves inputs out.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

const [base, key, pid] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const giveUp = Number(process.argv.find((arg) => arg.startsWith("--give-up="))?.split("=")[1] ?? 150) * 1000;
// `--skip=1,000,000;a×120` leaves out the inputs whose description contains one of these (a server
// that one input froze answers nothing after it).
const skip = process.argv.find((arg) => arg.startsWith("--skip="))?.slice(7).split(";").filter(Boolean) ?? [];
// `--rows=4,10` runs only those rows.
const rows = process.argv.find((arg) => arg.startsWith("--rows="))?.slice(7).split(",") ?? ["1", "2", "3", "4", "10"];
if (!base || !key) {
  console.error("Usage: npx tsx bench/hold-the-loop.ts <base-url> <read_write key> [server pid] [--give-up=150] [--skip=text;text]");
  process.exit(1);
}

const rss = () => (pid ? Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024) : null);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const wide = (n: number, pattern: string) => ({
  type: "object",
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string", pattern: `${pattern}${i}` }])),
  required: Array.from({ length: n }, (_, i) => `p${i}`),
});
const schemaFormat = (schema: unknown) => ({ type: "json_schema", json_schema: { name: "x", schema } });
/** 8 strict tools of 1,000 properties, each with a nested $id of its own: 8,000 ids a request. */
const nestedIdTools = (run: number) =>
  Array.from({ length: 8 }, (_, t) => ({
    type: "function",
    function: {
      name: `ids_${t}`,
      strict: true,
      parameters: { type: "object", properties: Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`p${i}`, { $id: `https://ids.example/${run}/${t}/${i}`, type: "string" }])) },
    },
  }));

type Case = { row: string; what: string; path: string; body: unknown };
const completions = "/api/public/v1/ai/completions";
const cases: Case[] = [
  { row: "1", what: "json_schema pattern ^(a+)+$, default a×28+!", path: completions, body: { prompt: "hi", response_format: schemaFormat({ type: "object", properties: { a: { type: "string", pattern: "^(a+)+$", default: `${"a".repeat(28)}!` } }, required: ["a"] }) } },
  { row: "1", what: "Responses text.format, the same pattern", path: "/api/public/v1/openai/responses", body: { model: "scholar", input: "hi", text: { format: { type: "json_schema", name: "x", schema: { type: "object", properties: { a: { type: "string", pattern: "^(a+)+$", default: `${"a".repeat(28)}!` } }, required: ["a"] } } } } },
  { row: "2", what: "max_output_tokens 16, minLength 100,000", path: completions, body: { prompt: "hi", max_output_tokens: 16, response_format: schemaFormat({ type: "object", properties: { a: { type: "string", minLength: 100_000 } }, required: ["a"] }) } },
  { row: "2", what: "max_output_tokens 16, minLength 1,000,000", path: completions, body: { prompt: "hi", max_output_tokens: 16, response_format: schemaFormat({ type: "object", properties: { a: { type: "string", minLength: 1_000_000 } }, required: ["a"] }) } },
  { row: "2", what: "prompt: a×120,000", path: completions, body: { prompt: "a".repeat(120_000) } },
  { row: "2", what: "prompt: a×200,000", path: completions, body: { prompt: "a".repeat(200_000) } },
  { row: "3", what: "count_tokens, 64 strict tools × 300 patterned properties", path: "/api/public/v1/anthropic/v1/messages/count_tokens", body: { model: "scholar", messages: [{ role: "user", content: "hi" }], tools: Array.from({ length: 64 }, (_, i) => ({ name: `t${i}`, strict: true, input_schema: wide(300, "^(a+)+$") })) } },
  { row: "3", what: "json_schema of 13,000 required properties", path: completions, body: { prompt: "hi", response_format: schemaFormat({ type: "object", properties: Object.fromEntries(Array.from({ length: 13_000 }, (_, i) => [`p${i}`, { type: "string" }])), required: Array.from({ length: 13_000 }, (_, i) => `p${i}`) }) } },
];

/** POSTs JSON to the server with a time limit; status (0 when abandoned) and milliseconds. */
function post(path: string, body: unknown, options: { from?: string } = {}): Promise<{ status: number; ms: number; text: string }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(new URL(path, base), {
      method: "POST",
      localAddress: options.from,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      timeout: giveUp,
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started, text: "" }));
    req.end(payload);
  });
}

async function watched(path: string, body: unknown) {
  let done = false;
  const health: number[] = [];
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(giveUp) }).then((r) => r.arrayBuffer()).catch(() => undefined);
      health.push(performance.now() - started);
      await sleep(20);
    }
  })();
  const answer = await post(path, body);
  done = true;
  await poller;
  return { ...answer, healthMax: Math.max(...health), healthMedian: median(health) };
}

const idle: number[] = [];
for (let i = 0; i < 30; i++) {
  const started = performance.now();
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  idle.push(performance.now() - started);
}
console.log(`health when idle: median ${median(idle).toFixed(1)} ms\n`);
console.log("| row | input | status | answered in | health slowest | health median |");
console.log("|---|---|---|---|---|---|");
for (const c of cases) {
  if (skip.some((part) => c.what.includes(part)) || !rows.includes(c.row)) continue;
  const r = await watched(c.path, c.body);
  const status = r.status === 0 ? `none (gave up after ${giveUp / 1000} s)` : String(r.status);
  console.log(`| ${c.row} | ${c.what} | ${status} | ${Math.round(r.ms)} ms | ${Math.round(r.healthMax)} ms | ${r.healthMedian.toFixed(1)} ms |`);
}

// Row 4: six requests, each with 8,000 nested $ids of its own (8 strict tools of 1,000).
if (rows.includes("4")) {
  const before = rss();
  for (let run = 0; run < 6; run++) {
    const r = await watched(completions, { prompt: "hi", max_output_tokens: 16, tools: nestedIdTools(Date.now() + run) });
    console.log(`| 4 | 8 strict tools × 1,000 nested $ids (request ${run + 1}) | ${r.status} | ${Math.round(r.ms)} ms | ${Math.round(r.healthMax)} ms | ${r.healthMedian.toFixed(1)} ms |`);
  }
  if (pid) console.log(`\nrow 4: server RSS ${before} MB before the six nested-$id requests, ${rss()} MB after`);
}

// Row 10: forgot-password for an account and for none, each ask from an address of its own.
const ask = (email: string, i: number) =>
  post("/api/trpc/account.requestPasswordReset", { json: { email } }, { from: `127.${20 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) || 1}` });
const account = process.env.EXISTING_EMAIL;
if (account && rows.includes("10")) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 1; i <= 60; i++) {
    known.push((await ask(account, i * 2)).ms);
    unknown.push((await ask(`nobody-${i}-${Date.now()}@example.com`, i * 2 + 1)).ms);
  }
  console.log(`\nrow 10: forgot-password median ${median(known).toFixed(1)} ms for an account, ${median(unknown).toFixed(1)} ms for none (60 each)`);
}
