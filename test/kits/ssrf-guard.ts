// Shared by the webhook address guard's tests (server/net/ssrf-*.test.ts): public addresses, a stub DNS
// server set before any name is resolved, the operator's flags reset around each test, and the
// refusals' shapes.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { startDnsStub, type DnsStub } from "@/e2e/fixtures/dns-stub";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { checkPublicUrl, checkUrlShape, guardedLookup } from "@/server/net/ssrf";

export const PUBLIC_V4 = "93.184.216.34";
export const PUBLIC_V6 = "2606:4700::1";

/**
 * Call at the top of a test file: the stub answers for the whole file (ssrf.ts makes a resolver for
 * each list of DNS servers it is given); the flags are off in each test and restored after.
 */
export function withDnsStub(): { readonly dns: DnsStub } {
  const holder = {} as { dns: DnsStub };
  const savedDnsServers = env.WEBHOOK_DNS_SERVERS;
  const savedFlags = { http: env.WEBHOOK_ALLOW_HTTP, loopback: env.WEBHOOK_ALLOW_LOOPBACK };
  beforeAll(async () => {
    holder.dns = await startDnsStub();
    env.WEBHOOK_DNS_SERVERS = `127.0.0.1:${holder.dns.port}`;
  });
  afterAll(async () => {
    env.WEBHOOK_DNS_SERVERS = savedDnsServers;
    await holder.dns.close();
  });
  beforeEach(() => {
    env.WEBHOOK_ALLOW_HTTP = false;
    env.WEBHOOK_ALLOW_LOOPBACK = false;
  });
  afterEach(() => {
    env.WEBHOOK_ALLOW_HTTP = savedFlags.http;
    env.WEBHOOK_ALLOW_LOOPBACK = savedFlags.loopback;
  });
  return holder;
}

/** The one refusal of a name that resolves inside, whichever address and range. */
export const NOT_PUBLIC = /^`url` has a host name that resolves to an address that is not public; webhooks go only to public addresses\.$/;

export function expectUrlRefusal(error: unknown, message: RegExp): void {
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe("invalid_body");
  expect(appError.extra.param).toBe("url");
  expect(appError.message).toMatch(/^`url` /);
  expect(appError.message).toMatch(message);
}

export function shapeRefusal(raw: string): unknown {
  try {
    checkUrlShape(raw);
  } catch (error) {
    return error;
  }
  throw new Error(`checkUrlShape accepted ${raw}`);
}

export async function webhookRefusal(raw: string): Promise<unknown> {
  return checkPublicUrl(raw).then(
    () => {
      throw new Error(`checkPublicUrl accepted ${raw}`);
    },
    (error: unknown) => error,
  );
}

export type LookupOutcome = { error: NodeJS.ErrnoException | null; address?: unknown; family?: number };

export function lookup(hostname: string, options: Parameters<typeof guardedLookup>[1]): Promise<LookupOutcome> {
  return new Promise((resolve) => guardedLookup(hostname, options, (error, address, family) => resolve({ error, address, family })));
}
