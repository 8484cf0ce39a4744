// Load shapes of the overhead bench: one timed call (to the whole answer and to the first text),
// sequential runs that take turns between paths, and a fixed number of connections for a while.
export type Call = () => Promise<Response>;
export type Path = { name: string; call: Call; firstText: RegExp };
export type Timing = { total: number; first: number };

export const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Time to the whole answer, and to the first bytes that carry text. */
export async function timed(path: Path): Promise<Timing> {
  const started = performance.now();
  const response = await path.call();
  if (response.status !== 200) throw new Error(`${path.name}: status ${response.status}: ${await response.text()}`);
  let first = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!first && path.firstText.test(decoder.decode(chunk))) first = performance.now() - started;
  }
  return { total: performance.now() - started, first };
}

/** `runs` calls of each path, taking turns (a, b, c, b, c, a, ...) so that noise falls on all alike. */
export async function interleaved(paths: Path[], runs: number, warmup = 20): Promise<Map<string, Timing[]>> {
  for (let i = 0; i < warmup; i++) for (const path of paths) await timed(path);
  const out = new Map(paths.map((p) => [p.name, [] as Timing[]]));
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < paths.length; j++) {
      const path = paths[(i + j) % paths.length];
      out.get(path.name)!.push(await timed(path));
    }
  }
  return out;
}

export type Throughput = { done: number; failed: number; seconds: number; latencies: number[]; statuses: Record<string, number> };

/** `connections` loops calling `call` for `seconds`; every answer is read to its end. */
export async function saturate(call: Call, connections: number, seconds: number): Promise<Throughput> {
  const result: Throughput = { done: 0, failed: 0, seconds: 0, latencies: [], statuses: {} };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        try {
          const response = await call();
          await response.arrayBuffer();
          if (response.status === 200) {
            result.done++;
            result.latencies.push(performance.now() - begun);
          } else {
            result.failed++;
            result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
          }
        } catch {
          result.failed++;
          result.statuses.network = (result.statuses.network ?? 0) + 1;
        }
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export function merge(runs: Throughput[]): Throughput {
  const out: Throughput = { done: 0, failed: 0, seconds: 0, latencies: [], statuses: {} };
  for (const run of runs) {
    out.done += run.done;
    out.failed += run.failed;
    out.seconds += run.seconds;
    out.latencies.push(...run.latencies);
    for (const [status, n] of Object.entries(run.statuses)) out.statuses[status] = (out.statuses[status] ?? 0) + n;
  }
  return out;
}
