// The schema engine's thread seen from the server (worker.mjs does the work): one worker thread,
// started on first use, one job at a time. A job that runs past SCHEMA_WORK_TIMEOUT_MS stops
// the thread (the only way to stop a synchronous compile) and fails; the jobs behind it go to a fresh
// thread, each timed from its own start, so one request's heavy schema never fails another's.
import "server-only";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { SCHEMA_WORK_TIMEOUT_MS } from "../input-limits";

/** What the engine refused, and where in the schema (a pattern's path; empty for the schema as a whole). */
export type EngineRefusal = { kind: "pattern" | "schema"; path: string[]; detail: string };

export type EngineJob =
  | { op: "compile" | "check"; key: string; schema: Record<string, unknown>; draft: "draft-07" | "2020-12"; value?: unknown; maxPatternChars: number }
  | { op: "state" }
  | { op: "cache-limit"; limit: number };

export type EngineReply = { ok?: true; problem?: string | null; refusal?: EngineRefusal; state?: { cached: number; cacheLimit: number; sharedSchemas: number } };

/** A job that took longer than its time: the engine thread was stopped. */
export class EngineTimeout extends Error {
  constructor() {
    super(`the schema engine took longer than ${SCHEMA_WORK_TIMEOUT_MS} ms`);
    this.name = "EngineTimeout";
  }
}

type Pending = { job: EngineJob; resolve(reply: EngineReply): void; reject(error: Error): void };

// The server runs from the project's folder (`npm start`, the tests); the worker is not bundled.
const WORKER_FILE = join(process.cwd(), "server/ai/schema-engine/worker.mjs");

let worker: Worker | undefined;
/** Jobs not yet answered, oldest first; only the first is on the thread (so its time is its own). */
const queue: Pending[] = [];
let running: { entry: Pending; timer: NodeJS.Timeout } | undefined;

function pump(): void {
  if (running || queue.length === 0) return;
  const entry = queue[0];
  const timer = setTimeout(timedOut, SCHEMA_WORK_TIMEOUT_MS);
  timer.unref();
  running = { entry, timer };
  thread().postMessage(entry.job);
}

function settle(outcome: (entry: Pending) => void): void {
  if (!running) return;
  clearTimeout(running.timer);
  queue.shift();
  outcome(running.entry);
  running = undefined;
  pump();
}

/** The job on the thread ran too long: it fails, and the thread is replaced for the next ones. */
function timedOut(): void {
  const stopped = worker;
  worker = undefined;
  void stopped?.terminate();
  settle((entry) => entry.reject(new EngineTimeout()));
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  // Never what keeps a stopping process alive.
  started.unref();
  started.on("message", (reply: EngineReply) => {
    if (worker === started) settle((entry) => entry.resolve(reply));
  });
  // A thread that died (out of memory on a schema) fails the job it held; the next job starts another.
  const died = (error: Error) => {
    if (worker !== started) return;
    worker = undefined;
    settle((entry) => entry.reject(error));
  };
  started.on("error", died);
  started.on("exit", (code) => died(new Error(`the schema engine stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** Runs one job on the engine's thread, after the jobs before it. */
export function runOnEngine(job: EngineJob): Promise<EngineReply> {
  return new Promise((resolve, reject) => {
    queue.push({ job, resolve, reject });
    pump();
  });
}
