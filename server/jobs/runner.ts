// The job runner of a server process: polls for due jobs, runs their handlers, and records the
// outcome. A failing handler is retried with backoff; after MAX_ATTEMPTS its `failed` hook runs.
import "server-only";
import { env } from "../env";
import { log } from "../log";
import { claim, finish, releaseLeases, renewLeases, retryLater, type JobRow } from "./queue";

export type JobHandler = {
  run(payload: any, job: JobRow): Promise<void>;
  /** Called once when the job gives up, to leave its resource in an honest state. */
  failed?(payload: any, error: Error): Promise<void>;
};

const MAX_ATTEMPTS = 5;
const handlers = new Map<string, JobHandler>();

export function registerJob(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

async function runOne(job: JobRow): Promise<void> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler.run(job.payload, job);
    await finish(job.id);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, err: error.message }, "job failed");
    if (job.attempts >= MAX_ATTEMPTS || !handler) {
      await handler?.failed?.(job.payload, error).catch((e: unknown) => log.error({ err: e, job: job.id }, "job failure hook failed"));
      await finish(job.id, error.message);
    } else {
      await retryLater(job.id, error.message, 1000 * 2 ** job.attempts);
    }
  }
}

/** Starts polling; returns a stop function that waits for running jobs and hands back leases. */
export function startJobRunner(): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const free = env.JOBS_CONCURRENCY - running.size;
      if (free > 0) {
        for (const job of await claim(free, env.JOB_LEASE_SECONDS)) {
          running.set(job.id, runOne(job).finally(() => running.delete(job.id)));
        }
      }
    } catch (err) {
      log.error({ err }, "job poll failed");
    }
    if (!stopped) timer = setTimeout(tick, env.JOBS_POLL_MS);
  };
  let timer = setTimeout(tick, env.JOBS_POLL_MS);
  // A job may outlast its lease (a real engine's backup of a large disk takes minutes): while this
  // process runs it, its lease is renewed, so no other process starts it a second time meanwhile.
  const renewal = setInterval(() => {
    if (running.size) void renewLeases([...running.keys()], env.JOB_LEASE_SECONDS).catch((err: unknown) => log.warn({ err }, "job lease renewal failed"));
  }, (env.JOB_LEASE_SECONDS * 1000) / 3);
  renewal.unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(renewal);
    const held = [...running.keys()];
    await releaseLeases(held).catch(() => undefined);
  };
}
