// What a prompt costs the server before any engine sees it: a long run of one character (which
// byte-pair encoding tokenizes at a cost that grows with the square of the run) is refused at
// once or counted in pieces while other requests go on being served, and a workspace that cannot
// pay is refused before its input is counted at all.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { aiKey } from "../fixtures/ai";
import { memberKey, newMember } from "../fixtures/new-member";

const ONE_MIB = 1024 * 1024;
// Whitespace-free, and no piece like another (so no tokenizer cache helps).
const letters = (n: number) => {
  let x = 12345;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(String.fromCharCode(97 + (x % 26)));
  }
  return out.join("");
};

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

test("a 1 MiB prompt of one character (or one emoji) is refused with 413 at once", async () => {
  const key = await aiKey();
  // Warm: the first generation of a fresh server loads the tokenizer's tables.
  expect((await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "Say hi.", max_output_tokens: 5 } })).status).toBe(200);
  for (const [label, prompt] of [["a", "a".repeat(ONE_MIB - 200)], ["😀", "😀".repeat(250_000)]] as const) {
    const { value: res, ms } = await timed(() => call("POST", "/api/public/v1/ai/completions", { key, body: { prompt } }));
    console.log(`1 MiB of "${label}": ${res.status} in ${ms.toFixed(0)} ms`);
    expect(res.status, res.text).toBe(413);
    expect(res.body.error).toMatchObject({ code: "input_too_large", limit: 128_000 });
  }
  // Over 16 characters per allowed token: refused without tokenizing (fire takes 32,000 tokens).
  const fire = await timed(() => call("POST", "/api/public/v1/ai/completions", { key, body: { product: "fire", prompt: letters(16 * 32_000 + 1) } }));
  console.log(`fire, 512,001 letters: ${fire.value.status} in ${fire.ms.toFixed(0)} ms`);
  expect(fire.value.body.error).toMatchObject({ code: "input_too_large", limit: 32_000 });
});

test("while a 1 MiB whitespace-free prompt is counted, other requests are served", async () => {
  const key = await aiKey();
  const sentAt = performance.now();
  let bigAnsweredAt = 0;
  const big = call("POST", "/api/public/v1/ai/completions", { key, body: { product: "advanced", prompt: letters(ONE_MIB - 200) } }).then((res) => {
    bigAnsweredAt = performance.now();
    return res;
  });
  // Requests sent well after the big one (its body is in and being counted by then).
  await new Promise((resolve) => setTimeout(resolve, 250));
  const served: number[] = [];
  while (!bigAnsweredAt && served.length < 500) {
    const health = await call("GET", "/api/public/v1/ai/products");
    expect(health.status).toBe(200);
    served.push(performance.now());
  }
  const res = await big;
  expect(res.status, res.text).toBe(413);
  const during = served.filter((at) => at < bigAnsweredAt).length;
  const bigMs = bigAnsweredAt - sentAt;
  console.log(`1 MiB of random letters for advanced: 413 after ${bigMs.toFixed(0)} ms; ${during} other requests answered meanwhile`);
  // Either the count was over before the others were sent, or they were served while it ran.
  expect(during > 0 || bigMs < 250).toBe(true);
});

test("a key of an unverified account with no credits is refused (402) before its input is counted", async () => {
  const member = await newMember("no-credits", { verified: false });
  const key = await memberKey(member);
  // Over scholar's 128,000 tokens: a count would answer 413; the funds check comes first.
  const { value: res, ms } = await timed(() => call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "a".repeat(ONE_MIB - 200) } }));
  console.log(`0 credits, 1 MiB prompt: ${res.status} in ${ms.toFixed(0)} ms`);
  expect(res.status, res.text).toBe(402);
  expect(res.body.error).toMatchObject({ type: "billing_error", code: "insufficient_credits", balance: 0 });
  const small = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "hello" } });
  expect(small.body.error.code).toBe("insufficient_credits");
});
