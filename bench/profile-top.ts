// Where a CPU profile's time went: the functions with the most self time, and the same grouped
// by package (node_modules/<name>), by our own folders and by Node's internals.
//   npx tsx bench/profile-top.ts <file.cpuprofile> [count]
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Self time per function and per group; `window` (µs on the profile's monotonic clock) keeps only the samples inside it. */
export function summarise(profile: Profile, count = 25, window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const inside = (at: number) => !window || (at >= window.from && at <= window.to);
  let at = profile.startTime;
  let kept = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (inside(at)) kept++;
  });
  // A window that misses every sample (another clock): keep them all rather than nothing.
  const filter = kept > 0 ? inside : () => true;
  at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (filter(at)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const groups = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, "");
    functions.set(`${functionName || "(anonymous)"} ${shortFile(file)}:${lineNumber + 1}`, (functions.get(`${functionName || "(anonymous)"} ${shortFile(file)}:${lineNumber + 1}`) ?? 0) + micros);
    const group = groupOf(functionName, file);
    groups.set(group, (groups.get(group) ?? 0) + micros);
  }
  // Shares of the busy time: idle samples are left out.
  const busy = total - (groups.get("(idle)") ?? 0);
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .filter(([name]) => !name.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ name, "self ms": Math.round(micros / 1000), "% busy": Number(((100 * micros) / busy).toFixed(1)) }));
  return { totalMs: Math.round(total / 1000), busyMs: Math.round(busy / 1000), windowed: kept > 0 && !!window, functions: rows(functions), groups: rows(groups) };
}

function shortFile(file: string): string {
  const modules = file.lastIndexOf("node_modules/");
  if (modules >= 0) return file.slice(modules + "node_modules/".length);
  const chunks = file.indexOf(".next/");
  return chunks >= 0 ? file.slice(chunks) : file.split("/").slice(-3).join("/");
}

function groupOf(functionName: string, file: string): string {
  if (!file) return functionName.startsWith("(") ? functionName : "(native)";
  if (file.startsWith("node:")) return `node:${file.slice(5).split("/")[0]}`;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file.slice(file.lastIndexOf("node_modules/") >= 0 ? file.lastIndexOf("node_modules/") : 0));
  if (match) return match[1];
  // Next bundles our code (and some packages) into .next/server/chunks: name the chunk.
  if (file.includes(".next/")) return `app bundle ${shortFile(file)}`;
  return shortFile(file);
}

if (process.argv[1]?.endsWith("profile-top.ts")) {
  const [file, count] = process.argv.slice(2);
  if (!file) {
    console.error("usage: npx tsx bench/profile-top.ts <file.cpuprofile> [count]");
    process.exit(1);
  }
  const summary = summarise(JSON.parse(readFileSync(file, "utf8")) as Profile, Number(count ?? 25));
  console.log(`${summary.totalMs} ms sampled, ${summary.busyMs} ms busy`);
  console.table(summary.groups);
  console.table(summary.functions);
}
