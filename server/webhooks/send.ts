// One attempt on the wire: the event body signed the Standard Webhooks way (with the previous
// secret too during a rotation), POSTed with a time limit (WEBHOOK_TIMEOUT_SECONDS) through a connection whose address is
// checked when it is made (net/ssrf.ts). Redirects are never followed. Returns what happened, in words.
import "server-only";
import { Webhook as Signer } from "standardwebhooks";
import { Agent, request } from "undici";
import { env } from "../env";
import { AppError } from "../errors";
import { log } from "../log";
import { failureWords } from "./failure-words";
import { AddressRefusedError, checkUrlShape, guardedLookup } from "../net/ssrf";

export type SendResult = {
  statusCode: number | null;
  durationMs: number;
  outcome: "succeeded" | "failed" | "refused";
  error: string | null;
  retryAfter: string | null;
};

let agent: { timeoutMs: number; agent: Agent } | undefined;
function dispatcher(timeoutMs: number): Agent {
  if (agent?.timeoutMs !== timeoutMs) {
    void agent?.agent.close().catch(() => undefined);
    agent = {
      timeoutMs,
      agent: new Agent({
        connect: { lookup: guardedLookup as never, timeout: timeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        keepAliveTimeout: 4_000,
      }),
    };
  }
  return agent.agent;
}

/**
 * `v1,<sig>` for each secret, space-separated: for 24 h after a rotation the old secret signs too
 * (README "Webhooks").
 */
export function signatures(secrets: string[], eventId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Signer(secret).sign(eventId, timestamp, body)).join(" ");
}

function refusal(error: unknown): string | null {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as never, depth++) {
    if (e instanceof AddressRefusedError) {
      log.info({ host: e.host, address: e.address, reason: e.reason }, "webhook attempt refused: its host name resolves inside");
      return `refused: ${e.message}; webhooks go only to public addresses`;
    }
    if (e instanceof AppError) return `refused: ${e.message}`;
  }
  return null;
}

export async function send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const timeoutSeconds = env.WEBHOOK_TIMEOUT_SECONDS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    checkUrlShape(url); // the operator's settings may have changed since the URL was saved
    const response = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Switchyard-Webhooks/1.0", ...headers },
      body,
      dispatcher: dispatcher(timeoutSeconds * 1000),
      signal: AbortSignal.timeout(timeoutSeconds * 1000),
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const status = response.statusCode;
    const header = (name: string) => {
      const value = response.headers[name];
      return (Array.isArray(value) ? value[0] : value) ?? null;
    };
    const base = { statusCode: status, durationMs: elapsed(), retryAfter: header("retry-after") };
    if (status >= 200 && status < 300) return { ...base, outcome: "succeeded", error: null };
    if (status >= 300 && status < 400) {
      const location = header("location");
      return { ...base, outcome: "failed", error: `answered ${status} with a redirect${location ? ` to ${location.slice(0, 200)}` : ""}; redirects are not followed: set the webhook's URL to the final address` };
    }
    if (status === 410) return { ...base, outcome: "failed", error: "answered 410 Gone: the endpoint says it is gone, so it was disabled" };
    return { ...base, outcome: "failed", error: `answered ${status}; only a 2xx counts as delivered` };
  } catch (error) {
    const refused = refusal(error);
    return { statusCode: null, durationMs: elapsed(), retryAfter: null, outcome: refused ? "refused" : "failed", error: refused ?? failureWords(error, timeoutSeconds) };
  }
}
