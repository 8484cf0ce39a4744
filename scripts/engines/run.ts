// Starting an engine's daemon in the background, by PID, with its output in this checkout's
// `.engines/<name>.log`, and waiting until it answers.
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { join } from "node:path";
import { alive, recordPid, startedPids, stateDir } from "./state";

/** Starts `command` unless the one started before still runs; returns its PID. */
export function daemon(name: string, command: string, args: string[], env: Record<string, string> = {}): number {
  const previous = startedPids()[name];
  if (previous && alive(previous)) return previous;
  const log = openSync(join(stateDir, `${name}.log`), "a");
  const child = spawn(command, args, { stdio: ["ignore", log, log], detached: true, env: { ...process.env, ...env } });
  child.unref();
  recordPid(name, child.pid!);
  return child.pid!;
}

/** Polls `ready` until it resolves true, or fails naming the log to read. */
export async function waitFor(name: string, pid: number, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) throw new Error(`${name} exited at start; see ${join(stateDir, `${name}.log`)}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer within ${timeoutMs / 1000} s; see ${join(stateDir, `${name}.log`)}`);
}

/** SIGTERM to what was started (by its PID), SIGKILL after `graceMs`. */
export async function stop(name: string, graceMs = 20_000): Promise<boolean> {
  const pid = startedPids()[name];
  if (!pid) return false;
  if (alive(pid)) {
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + graceMs;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (alive(pid)) process.kill(pid, "SIGKILL");
  }
  recordPid(name, null);
  return true;
}
