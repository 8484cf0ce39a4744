// Graceful shutdown (README "Run it in production"): SIGTERM to `npm start` (what docker stop, systemd
// and Kubernetes send) with 10 streams open on both doors. Streams that can finish within
// SHUTDOWN_GRACE_SECONDS end with their normal closing events; the others end with a terminal
// `service_unavailable` error after what they delivered was charged. No hold is left, the process exits
// 0, and the credits reconcile: the answers' credits equal the balance's fall.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { countTokens } from "../../server/ai/tokens";
import { waitUntilServing } from "../../scripts/server-process";
import { api, ownAccount, ownDatabase, ownServer } from "../fixtures/own-server";
import { STATE_DIR } from "../fixtures/state";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 34;
const GRACE_SECONDS = 4;

/** The built-in sandbox families, slowed down so that a long answer outlasts the grace. */
function slowFamilies(): string {
  const config = JSON.parse(readFileSync("server/ai/families/default.json", "utf8"));
  for (const family of config.families) family.pacing_ms = 400;
  const file = join(STATE_DIR, "shutdown-families.json");
  writeFileSync(file, JSON.stringify(config));
  return file;
}

type Door = "native" | "openai";
type Outcome = { door: Door; long: boolean; text: string; events: { event: string | null; data: any }[]; ended: boolean; firstDelta: Promise<void> };

/** Opens a stream and reads it to its end in the background. */
function openStream(base: string, key: string, door: Door, long: boolean): Outcome {
  const maxTokens = long ? 900 : 12;
  const prompt = `Explain graceful shutdown of web servers in great detail, stream ${Math.random()}`;
  const [path, body] = door === "native"
    ? ["/api/public/v1/ai/completions", { product: "scholar", prompt, stream: true, max_output_tokens: maxTokens }]
    : ["/api/public/v1/openai/chat/completions", { model: "scholar", messages: [{ role: "user", content: prompt }], stream: true, max_tokens: maxTokens, stream_options: { include_usage: true } }];
  const outcome = { door, long, text: "", events: [], ended: false } as unknown as Outcome;
  let sawDelta: () => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  outcome.firstDelta = new Promise<void>((resolve, reject) => ((sawDelta = resolve), (failed = reject)));
  void (async () => {
    const res = await fetch(base + path, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${door} stream answered ${res.status}: ${await res.text()}`);
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? null;
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data === undefined) continue;
        const parsed = data === "[DONE]" ? data : JSON.parse(data);
        outcome.events.push({ event, data: parsed });
        const delta = door === "native" ? (event === "delta" ? parsed.text : undefined) : parsed.choices?.[0]?.delta?.content;
        if (delta) {
          outcome.text += delta;
          sawDelta();
        }
      }
    }
    outcome.ended = true;
  })().catch((error: unknown) => {
    outcome.ended = true;
    failed(error);
  });
  return outcome;
}

/** The terminal event of a stream: `done`/`error` (native), the last data before `[DONE]` or the error (OpenAI). */
function terminal(outcome: Outcome) {
  const events = outcome.events.filter((e) => e.data !== "[DONE]");
  return events[events.length - 1];
}

function startWithNpm(env: Record<string, string>): ChildProcess {
  return spawn("npm", ["start"], { env: { ...process.env, ...env, PORT: String(PORT) }, stdio: ["ignore", "ignore", "inherit"] });
}

test("SIGTERM to npm start: streams finish or end with service_unavailable, all charged, no holds, exit 0", async () => {
  test.setTimeout(240_000);
  const database = await ownDatabase("shutdown");
  const env: Record<string, string> = { ...database.env, MODEL_FAMILIES_FILE: slowFamilies(), SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), LOG_LEVEL: "warn" };
  const { key } = ownAccount(env, "shutdown");
  const base = `http://127.0.0.1:${PORT}`;
  const server = ownServer(PORT, env, "shutdown.log");
  try {
    const npm = startWithNpm(env);
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    await waitUntilServing(base, npm);
    const before = (await api(base, "GET", "/v1/billing", key)).body;

    // A client trickling its body one byte a second: it cannot finish by itself, and must not
    // hold the exit past the grace.
    const trickler = connect(PORT, "127.0.0.1", () =>
      trickler.write(`POST /v1/ssh_keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`),
    );
    trickler.on("error", () => undefined);
    const drip = setInterval(() => trickler.writable && trickler.write(" "), 1_000);
    const streams = Array.from({ length: 10 }, (_, i) => openStream(base, key, i % 2 ? "openai" : "native", i >= 4));
    await Promise.all(streams.map((s) => s.firstDelta));
    const signalledAt = Date.now();
    npm.kill("SIGTERM");

    // Readiness fails at once and no new connection is taken: refused, or a 503 never a 200.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await fetch(`${base}/api/ready`).then((r) => r.status, () => "refused");
    expect([503, "refused"]).toContain(ready);

    expect(await exited).toBe(0);
    clearInterval(drip);
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000);
    expect(tookMs).toBeLessThan((GRACE_SECONDS + 8) * 1000);
    console.log(`exit ${tookMs} ms after SIGTERM (grace ${GRACE_SECONDS} s)`);
    await expect.poll(() => streams.every((s) => s.ended), { timeout: 5_000 }).toBe(true);

    const charged: number[] = [];
    let erroredTokens = 0;
    let doneTokens = 0;
    for (const stream of streams) {
      const last = terminal(stream);
      const label = `${stream.door} ${stream.long ? "long" : "short"}: ${JSON.stringify(last)}`;
      expect(stream.text.length, label).toBeGreaterThan(0);
      if (stream.long) {
        // Past the grace: the terminal error in the door's own shape, retryable.
        if (stream.door === "native") expect(last.event, label).toBe("error");
        expect(last.data.error, label).toMatchObject({ code: "service_unavailable", type: "api_error" });
        erroredTokens += countTokens(stream.text);
      } else if (stream.door === "native") {
        expect(last.event, label).toBe("done");
        charged.push(last.data.usage.credits);
        doneTokens += last.data.usage.output_tokens;
      } else {
        expect(last.data.switchyard, label).toBeTruthy();
        expect(stream.events[stream.events.length - 1].data).toBe("[DONE]");
        charged.push(last.data.switchyard.credits);
        doneTokens += last.data.usage.completion_tokens;
      }
    }

    // Back up on the same data: nothing reserved, one charge per stream, the charges add up.
    await server.start();
    const after = (await api(base, "GET", "/v1/billing", key)).body;
    expect(after.reserved).toBe(0);
    const ledger = (await api(base, "GET", "/v1/billing/transactions?limit=100", key)).body.transactions;
    const charges = ledger.filter((t: { resource: string | null }) => t.resource?.startsWith("gen_"));
    expect(charges).toHaveLength(10);
    const fall = before.balance - after.balance;
    const chargedTotal = charges.reduce((sum: number, t: { amount: number }) => sum + Math.abs(t.amount), 0);
    expect(fall).toBeCloseTo(chargedTotal, 6);
    expect(charged.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(chargedTotal + 1e-9);
    // What the interrupted streams delivered is what they were charged for, token for token.
    const usage = (await api(base, "GET", "/api/public/v1/usage", key)).body;
    expect(usage.totals.requests).toBe(10);
    expect(usage.totals.output_tokens).toBe(doneTokens + erroredTokens);
  } finally {
    await server.stop();
    await database.drop();
  }
});
