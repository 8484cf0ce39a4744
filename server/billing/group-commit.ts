// Group commit of the statements that hold and move one workspace's credits (reserve, settle).
// Each of them locks the workspace's row until it commits, and a commit waits for the disk: under
// load, every generation of a workspace queued behind one disk flush after another. Here the
// statements of one (workspace, key) pair, in this process, go in turns: the first runs at once,
// alone, as before; those that arrive while it runs go next, together, in one transaction: one
// flush for all of them. Each caller's promise settles only after its transaction committed, so
// an answer is never sent before its charge is durable.
//
// Why this cannot deadlock: every statement locks the key's spend rows, then the workspace's row,
// each in the one global order (reserve_credits, settle-statement.ts). All statements of a batch
// need the same shared rows (one key's line, one workspace), plus rows of their own (their
// reservation). After its first statement a batch holds every shared row it needs, so it never
// waits for a shared row while holding one another transaction is waiting for. (A batch crossing
// the end of a UTC month needs the new month's spend row: should that ever meet a deadlock, the
// database refuses one transaction and its statements run again one by one.)
//
// Why nothing is overspent: the statements are the same as one by one, each a conditional update
// of the same rows, run in one transaction in turn: each sees what those before it changed.
//
// Embedded PGlite has one connection and no disk flush to share: statements run one by one there.
import "server-only";
import { embedded } from "../env";
import { currentRequest } from "../request-context";
import { hotQuery, rawSql, withPipeline } from "../db";
import { metrics } from "../metrics";

type Statement = { text: string; values: unknown[] };
type Job = { name: string; statement: Statement; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };
type Queue = { running: boolean; waiting: Job[] };

/** The most statements one transaction takes: a bound on how long it holds the rows. */
const MOST_PER_BATCH = 64;

const queues = new Map<string, Queue>();

/** The group of a workspace's credits held for one key (or for no key). */
export const creditGroup = (workspaceId: string, keyId: string | null) => `${workspaceId} ${keyId ?? ""}`;

/** Runs `statement` (prepared as `name`) in its group's next turn; its rows once it is committed. */
export function groupQuery<T>(group: string, name: string, statement: Statement): Promise<T[]> {
  if (embedded) return hotQuery<T>(name, statement);
  const request = currentRequest();
  if (request) request.dbOperations++;
  return new Promise<T[]>((resolve, reject) => {
    let queue = queues.get(group);
    if (!queue) queues.set(group, (queue = { running: false, waiting: [] }));
    queue.waiting.push({ name, statement, resolve: resolve as (rows: unknown[]) => void, reject });
    if (!queue.running) void drain(group, queue);
  });
}

async function drain(group: string, queue: Queue): Promise<void> {
  queue.running = true;
  while (queue.waiting.length) {
    const batch = queue.waiting.splice(0, MOST_PER_BATCH);
    if (batch.length === 1) await alone(batch[0]);
    else await together(batch);
  }
  queue.running = false;
  queues.delete(group);
}

/** One statement on its own (counted already, when it was queued). */
async function alone(job: Job): Promise<void> {
  try {
    job.resolve(await rawSql().query(job.statement.text, job.statement.values, job.name));
    metrics().creditCommits.observe(1);
  } catch (error) {
    job.reject(error);
  }
}

/**
 * One transaction for the batch, sent whole: BEGIN, the statements and COMMIT go out together on
 * a pipelined connection (one round trip for the batch, not one per statement). Should any
 * statement fail, the database refuses the rest of the transaction and its COMMIT rolls it back:
 * nothing of the batch stays, and each runs again alone, so each caller gets its own outcome.
 * Should the commit itself fail, whether it happened is unknown: every caller gets the error, as
 * a lone statement's caller would (a settlement is then written again, and settling twice charges
 * once).
 */
async function together(batch: Job[]): Promise<void> {
  let results: unknown[][] | null;
  try {
    results = await withPipeline(async (sql) => {
      const begin = sql.query("BEGIN");
      const statements = batch.map((job) => sql.query(job.statement.text, job.statement.values, job.name));
      const commit = sql.query("COMMIT");
      const ran = await Promise.allSettled([begin, ...statements]);
      // Without its BEGIN the statements ran each on its own: what they did is not known to be undone.
      if (ran[0].status === "rejected") throw ran[0].reason;
      if (ran.some((outcome) => outcome.status === "rejected")) {
        // The COMMIT of a refused transaction is a rollback; awaited so the connection is idle when released.
        await commit.catch(() => undefined);
        return null;
      }
      await commit;
      return ran.slice(1).map((outcome) => (outcome as PromiseFulfilledResult<unknown[]>).value);
    });
  } catch (error) {
    for (const job of batch) job.reject(error);
    return;
  }
  if (results) {
    metrics().creditCommits.observe(batch.length);
    batch.forEach((job, i) => job.resolve(results[i]));
  }
  else for (const job of batch) await alone(job);
}
