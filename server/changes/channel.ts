// Change notifications between processes, so that hot-path caches (authenticated keys, rates,
// tier limits) can skip the database and still drop what changed at once on every replica.
// Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set,
// else in-process (the embedded database has one process).
//
// Caches do not listen: each kind of change has an epoch, bumped by every change of that kind and
// by any doubt about the channel (lost connection, missed heartbeat, resubscription). A cache entry
// remembers the epoch read before its database read and is used only while the epoch is unchanged;
// `changeEpoch` answers null while the channel is not confirmed healthy, and then caches are
// bypassed (every request reads the database), so a revocation still holds on the next request.
import "server-only";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { env } from "../env";
import { log } from "../log";
import { redis } from "../redis";

export type ChangeKind = "keys" | "config";
const KINDS: ChangeKind[] = ["keys", "config"];
const CHANNEL = "switchyard_changes";
/** A heartbeat goes round the channel this often; the channel is healthy while the last came back recently. */
export const HEARTBEAT_MS = 1000;
const HEALTHY_FOR_MS = 3 * HEARTBEAT_MS;

type Message = { kind: ChangeKind | "ping"; id: string };
export type Transport = {
  publish(message: string): Promise<void>;
  /** Starts listening; calls `received` per message and `lost` whenever messages may have been missed. */
  listen(received: (message: string) => void, lost: () => void, ready: () => void): void;
  close(): Promise<void>;
};

export class ChangeChannel {
  private epochs = new Map<ChangeKind, number>(KINDS.map((kind) => [kind, 0]));
  private confirmedAt = 0;
  private listening = false;
  private waiting = new Map<string, () => void>();
  private timer?: NodeJS.Timeout;

  /** `transport` null: in-process only (always healthy). */
  constructor(
    private readonly transport: Transport | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current epoch of `kind`, or null while changes might be missed (caches must not be used). */
  epoch(kind: ChangeKind): number | null {
    if (!this.transport) return this.epochs.get(kind)!;
    this.start();
    return this.now() - this.confirmedAt <= HEALTHY_FOR_MS ? this.epochs.get(kind)! : null;
  }

  /** Tells every process that `kind` changed; resolves once this process's listener heard it back (at most 1 s). */
  async publish(kind: ChangeKind): Promise<void> {
    this.bump(kind);
    if (!this.transport) return;
    const id = randomUUID();
    const heard = this.listening ? new Promise<void>((resolve) => this.waiting.set(id, resolve)) : Promise.resolve();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.transport.publish(JSON.stringify({ kind, id } satisfies Message));
        break;
      } catch (err) {
        // Other processes stop trusting their caches when the channel fails for them too (heartbeat).
        if (attempt === 3) {
          this.waiting.delete(id);
          log.error({ err, kind }, "change notification could not be published");
          return;
        }
      }
    }
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([heard, timeout]);
    this.waiting.delete(id);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.listening = false;
    await this.transport?.close();
  }

  private bump(kind?: ChangeKind) {
    for (const k of kind ? [kind] : KINDS) this.epochs.set(k, this.epochs.get(k)! + 1);
  }

  private start() {
    if (this.listening || !this.transport) return;
    this.listening = true;
    const ping = () => void this.transport!.publish(JSON.stringify({ kind: "ping", id: pingId } satisfies Message)).catch(() => undefined);
    const pingId = randomUUID();
    this.transport.listen(
      (raw) => {
        let message: Message;
        try {
          message = JSON.parse(raw) as Message;
        } catch {
          return;
        }
        if (message.kind === "ping") {
          if (message.id !== pingId) return;
          // Back from doubt: whatever was missed meanwhile is dropped with the old epochs.
          if (this.now() - this.confirmedAt > HEALTHY_FOR_MS) this.bump();
          this.confirmedAt = this.now();
          return;
        }
        if (KINDS.includes(message.kind)) this.bump(message.kind);
        this.waiting.get(message.id)?.();
      },
      () => {
        this.confirmedAt = 0;
        this.bump();
      },
      ping,
    );
    this.timer = setInterval(ping, HEARTBEAT_MS).unref();
  }
}

/** Publishes with the shared client; listens on a connection of its own, opened only by a server that reads caches. */
export function redisTransport(url: string, connectionName = "switchyard-changes"): Transport {
  const publisher = () => redis() ?? new Redis(url);
  let subscriber: Redis | null = null;
  return {
    publish: async (message) => void (await publisher().publish(CHANNEL, message)),
    listen(received, lost, ready) {
      subscriber = new Redis(url, { maxRetriesPerRequest: 1, connectionName });
      subscriber.on("message", (_channel, message: string) => received(message));
      for (const event of ["close", "end", "reconnecting"]) subscriber.on(event, lost);
      subscriber.on("error", lost);
      subscriber.on("ready", () => void subscriber?.subscribe(CHANNEL).then(ready, lost));
    },
    close: async () => {
      subscriber?.disconnect();
    },
  };
}

export function postgresTransport(url: string, applicationName = "switchyard-changes"): Transport {
  const publisher = new pg.Pool({ connectionString: url, max: 1, allowExitOnIdle: true });
  publisher.on("error", () => undefined);
  let listener: pg.Client | null = null;
  let closed = false;
  return {
    publish: async (message) => void (await publisher.query("SELECT pg_notify($1, $2)", [CHANNEL, message])),
    listen(received, lost, ready) {
      const connect = async () => {
        if (closed) return;
        const client = new pg.Client({ connectionString: url, application_name: applicationName });
        const retry = () => {
          lost();
          if (listener === client) listener = null;
          client.end().catch(() => undefined);
          if (!closed) setTimeout(() => void connect(), 1000).unref();
        };
        client.on("error", retry);
        client.on("end", () => listener === client && retry());
        client.on("notification", (n) => n.payload && received(n.payload));
        try {
          await client.connect();
          await client.query(`LISTEN ${CHANNEL}`);
          listener = client;
          ready();
        } catch {
          retry();
        }
      };
      void connect();
    },
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

const holder = globalThis as unknown as { switchyardChanges?: ChangeChannel };

/** This process's channel, on globalThis: every bundle of the server shares it. */
export function changeChannel(): ChangeChannel {
  holder.switchyardChanges ??= new ChangeChannel(
    env.REDIS_URL ? redisTransport(env.REDIS_URL) : env.DATABASE_URL ? postgresTransport(env.DATABASE_URL) : null,
  );
  return holder.switchyardChanges;
}

export const changeEpoch = (kind: ChangeKind) => changeChannel().epoch(kind);
export const publishChange = (kind: ChangeKind) => changeChannel().publish(kind);

/** Replaces this process's channel (tests: a channel that fails on purpose). */
export function useChangeChannel(channel: ChangeChannel): void {
  holder.switchyardChanges = channel;
}

export async function closeChangeChannel(): Promise<void> {
  const open = holder.switchyardChanges;
  holder.switchyardChanges = undefined;
  await open?.close();
}
