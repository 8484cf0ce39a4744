// Money that was earned is written, whatever the database does meanwhile: a settlement (or the
// release of a hold) that fails because the database is unreachable, a connection died or a
// transaction could not start is tried again, with a growing pause (at most 1 s), until it is
// written or SETTLE_RETRY_SECONDS have passed. Settling and releasing are idempotent (settling
// twice charges once), so a try whose answer was lost is harmless. The hold keeps the credits
// reserved all along, so nothing else can spend them.
import "server-only";
import { isDatabaseUnreachable } from "../db-errors";
import { log } from "../log";

const TRANSIENT_PRISMA = new Set(["P2028", "P2034"]);

export function isTransientWriteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isDatabaseUnreachable(error) || (typeof code === "string" && TRANSIENT_PRISMA.has(code));
}

type Options = {
  giveUpAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Tries only when this says so (it is asked before each try); until then it waits as between tries. */
  ready?: () => boolean;
};

export async function writeSurely<T>(what: string, write: () => Promise<T>, options: Options = {}): Promise<T> {
  const giveUpAt = Date.now() + (options.giveUpAfterMs ?? SETTLE_RETRY_MS);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let pause = 50, tries = 1; ; tries++, pause = Math.min(pause * 2, 1000)) {
    if (options.ready && !options.ready()) {
      if (Date.now() + pause > giveUpAt) throw new Error(`${what}: gave up waiting for its turn`);
      await sleep(pause);
      continue;
    }
    try {
      const written = await write();
      if (tries > 1) log.warn({ what, tries }, "write succeeded after the database came back");
      return written;
    } catch (error) {
      if (!isTransientWriteError(error) || Date.now() + pause > giveUpAt) throw error;
      if (tries === 1) log.warn({ what, err: error instanceof Error ? error.message : String(error) }, "write failed on the database; retrying until it is written");
      await sleep(pause);
    }
  }
}

const SETTLE_RETRY_MS = 5 * 60 * 1000;
