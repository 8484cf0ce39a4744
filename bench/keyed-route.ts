// Overhead of the keyed REST wrapper (key check, scope, rate limit, one list query):
// GET /v1/api_keys against a running server, sequentially and at 20/50 connections.
// Usage: npx tsx bench/keyed-route.ts <base-url> <read key> [seconds per phase]
// Use a key on a workspace with a high tier (npm run admin -- set-tier ... scale), or the
// api bucket (limit per minute) ends the run early with 429s, which are counted apart.
export {};
const [base, key, secondsArg] = process.argv.slice(2);
if (!base || !key) {
  console.error("usage: npx tsx bench/keyed-route.ts <base-url> <read key> [seconds]");
  process.exit(1);
}
const seconds = Number(secondsArg ?? 5);

async function phase(connections: number) {
  const latencies: number[] = [];
  let limited = 0;
  let failed = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${base}/v1/api_keys?limit=5`, { headers: { authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      if (res.status === 429) limited++;
      else if (res.status !== 200) failed++;
      else latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
  return { connections, "req/s": Math.round(latencies.length / elapsed), "p50 ms": pct(50), "p99 ms": pct(99), "429": limited, errors: failed };
}

const rows = [];
for (const connections of [1, 20, 50]) rows.push(await phase(connections));
console.table(rows);
