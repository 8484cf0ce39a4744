// For the adapters' tests only: family configs pointing at the fake upstream, and a runner that
// collects an adapter's events and its failure.
import type { FamilyConfig } from "../../server/ai/families/config";
import { adapterFor } from "../../server/ai/providers/index";
import type { ChatMessage, UpstreamEvent, UpstreamRequest } from "../../server/ai/providers/types";

export const MODEL = "fake-model-large";

export function family(adapter: FamilyConfig["adapter"], base: string, label: string, extra: Partial<FamilyConfig> = {}): FamilyConfig {
  return {
    id: label,
    adapter,
    base_url: `${base}/${label}/v1`,
    own: false,
    models: { strong: { name: MODEL, context_window: 100_000 } },
    timeouts: { connect_ms: 5_000, first_token_ms: 5_000, idle_ms: 5_000 },
    pacing_ms: 0,
    ...extra,
  };
}

export type Outcome = { events: UpstreamEvent[]; text: string; error?: unknown; ms: number };

type RunOptions = Partial<Omit<UpstreamRequest, "signal">> & {
  /** Aborts once this many deltas arrived (0: right after `open`). */
  abortAfterDeltas?: number;
  /** Aborts after this many milliseconds. */
  abortAfterMs?: number;
};

export const user = (content: ChatMessage["content"]): ChatMessage => ({ role: "user", content });

export async function run(config: FamilyConfig, options: RunOptions = {}): Promise<Outcome> {
  const controller = new AbortController();
  const { abortAfterDeltas, abortAfterMs, ...fields } = options;
  const request: UpstreamRequest = { model: MODEL, messages: [user("Hello")], maxOutputTokens: 256, ...fields, signal: controller.signal };
  const timer = abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), abortAfterMs);
  const events: UpstreamEvent[] = [];
  const started = Date.now();
  let error: unknown;
  let deltas = 0;
  try {
    await adapterFor(config.adapter)(config, request, (event) => {
      events.push(event);
      if (event.type === "delta") deltas++;
      if ((event.type === "open" || event.type === "delta") && deltas === abortAfterDeltas) controller.abort();
    });
  } catch (caught) {
    error = caught;
  } finally {
    clearTimeout(timer);
  }
  const text = events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
  return { events, text, error, ms: Date.now() - started };
}

/** Waits until the condition holds (the fake sees a closed socket a moment after the client). */
export async function eventually(condition: () => boolean, ms = 2_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}
