// Starts `next start` as a child process (used by `npm start` and by the end-to-end tests) with
// the signals left to our own handler, so the embedded database is closed cleanly on SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { openSync } from "node:fs";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

export type ServerOptions = {
  port: number;
  env?: Record<string, string | undefined>;
  logFile?: string;
  /** Flags for node itself (V8's garbage collector flags are refused in NODE_OPTIONS). */
  nodeArgs?: string[];
};

/** Whether the child has ended, by exiting or by a signal (then its exitCode stays null). */
export function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

// Servers still running when this process exits (a test abandoned at its timeout never reaches its
// own stop) are killed with it, so that none is left holding its port.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function spawnServer({ port, env = {}, logFile, nodeArgs = [] }: ServerOptions): ChildProcess {
  const output = logFile ? openSync(logFile, "a") : "inherit";
  const child = spawn(process.execPath, [...nodeArgs, nextBin, "start", "-p", String(port)], {
    stdio: ["ignore", output, output],
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" },
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Resolves once the server answers HTTP (any status), or rejects after `timeoutMs`. */
export async function waitUntilServing(baseURL: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended(child)) throw new Error(`server exited (${child.exitCode ?? child.signalCode})`);
    try {
      await fetch(`${baseURL}/v1/`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`server at ${baseURL} did not start within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves at once for a child already ended, however it ended. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (ended(child)) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
