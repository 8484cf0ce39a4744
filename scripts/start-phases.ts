// What `npm start` says while it works: each phase announced with what it does and how long it
// usually takes, a line at least every STILL_WORKING_MS while it runs (a first start builds for
// minutes, and a silent terminal looks hung), and how long it took.
import { Worker } from "node:worker_threads";

/** The longest the terminal stays silent during a phase (the bound is 15 s). */
const STILL_WORKING_MS = 10_000;

export type Phase = {
  /** A verb phrase for the running line: "Building the app". */
  title: string;
  /** What the phase does, in one sentence. */
  what: string;
  /** How long it usually takes on a small (2-core) machine, as said in the README. */
  usually: string;
};

const seconds = (ms: number) => (ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));

// The watcher runs on a thread of its own and writes straight to stdout: the embedded database
// works synchronously (WebAssembly) on the main thread for tens of seconds at a time, during which
// a timer of the main thread would never fire.
const WATCHER = `
const { parentPort, workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const { title, started, every, fd } = workerData;
let last = Date.now();
parentPort.on("message", () => { last = Date.now(); });
setInterval(() => {
  if (Date.now() - last < every) return;
  last = Date.now();
  const ms = Date.now() - started;
  writeSync(fd, "  ... " + title + ", " + (ms < 10000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)) + " s so far\\n");
}, 1000);
`;

/** Prints a line now and then (to `fd`, stdout) while nothing else was printed; `heard()` says something was. */
export function stillWorking(title: string, started = Date.now(), every = STILL_WORKING_MS, fd = 1) {
  const worker = new Worker(WATCHER, { eval: true, workerData: { title: title.toLowerCase(), started, every, fd } });
  worker.unref();
  return {
    heard: () => worker.postMessage(0),
    stop: () => void worker.terminate(),
  };
}

/** Runs one phase: announced, watched (see `stillWorking`), then timed; the result is the work's. */
export async function runPhase<T>(step: number, of: number, phase: Phase, work: (heard: () => void) => Promise<T>): Promise<T> {
  const started = Date.now();
  console.log(`\n[${step}/${of}] ${phase.title}: ${phase.what} (usually ${phase.usually})`);
  const watch = stillWorking(phase.title, started);
  try {
    const result = await work(watch.heard);
    console.log(`[${step}/${of}] ${phase.title}: done in ${seconds(Date.now() - started)} s`);
    return result;
  } finally {
    watch.stop();
  }
}
