// One generation, for every door (server/ai/doors/). prepare() does every check that
// can fail before anything streams, the cheap ones first (product rules, sizes of the input, its
// tools and schemas, credits for a large input, then its tokens, review_of; the worst case is
// reserved, and only then are the request's schemas compiled, off the event loop); run()
// routes, escalates, and settles exactly what was delivered. Failed attempts are never billed; a
// client that goes away pays only for the text it was sent.
import "server-only";
import { ablated } from "../bench-ablation";
import { tierOf } from "../billing/tiers";
import { creditsFor, toCredits } from "../billing/credits";
import { allRates } from "../billing/rates";
import { availableFunds, insufficientCredits } from "../billing/funds";
import { creditLeases, type Hold } from "../billing/leases";
import { writeSurely } from "../billing/write-surely";
import type { GenerationRecord } from "../billing/sql-pieces";
import { AppError } from "../errors";
import { newId } from "../ids";
import { metrics } from "../metrics";
import { shapeAnswer, type AnswerRules } from "./answer-shape";
import { families } from "./families";
import { answerRules, compileAnswerRules, needsOf, noCapableEngine, refuseToolsOnReview } from "./answer-rules";
import type { Endpoint } from "../vocab/endpoints";
import { products, type ProductId } from "../vocab/products";
import type { ChatMessage, FinishReason, ResponseSchema, Sampling, ThinkingBlock, ToolCall } from "./providers/types";
import { writersOf } from "./generations/service";
import { runPlan, type Progress } from "./routing/escalate";
import { routingReason } from "./routing/reason";
import { cacheHolders, conversationOf, holderFirst } from "./routing/cache-holder";
import { plan, type Plan, type PlanInput } from "./routing/plan";
import { chooseProduct, hasImages, inputTooLarge, toMessages } from "./rules";
import type { GenerationInput } from "./schema";
import { countMessageTokensWithin, countTokens, inputWithTools, MAX_CHARS_PER_TOKEN, textCharacters } from "./tokens";
import { checkImageUrls } from "./image-urls";

const RESERVATION_TTL_SECONDS = 15 * 60;

/** Who asks and pays: an API key, or a console member in the playground (no key). */
export type GenerationCaller = { workspaceId: string; projectId: string; tier: string; keyId: string | null };

export type Prepared = {
  id: string;
  endpoint: Endpoint;
  product: ProductId;
  key: GenerationCaller;
  messages: ChatMessage[];
  inputTokens: number;
  maxOutputTokens: number;
  temperature?: number;
  /** `stop`, `response_format` and the tools: what the answer must be. */
  answer: AnswerRules;
  /** A `json_schema` response format, for the families (the core checks it with `answer.schema`). */
  responseSchema?: ResponseSchema;
  /** The OpenAI door's `seed` and sampling fields (passed on where taken). */
  seed?: number;
  sampling?: Sampling;
  metadata: Record<string, string>;
  plan: Plan;
  hold: Hold;
  /** Credits for input and output tokens, `cached` of the input read from a prompt cache. */
  price: (input: number, output: number, cached?: number) => bigint;
  /** The client's prompt cache key (the engines cache the prompt's prefix). */
  promptCacheKey?: string;
  /** The conversation of that key (routing/cache-holder.ts): its answering family is remembered. */
  conversation?: string;
  /** The client asked the engines to think (the Anthropic door's `thinking`). */
  thinking?: { budgetTokens?: number };
  /** When the request was accepted (performance.now()): its latency and first-token time count from here. */
  acceptedAt: number;
};

export async function prepareGeneration(key: GenerationCaller, endpoint: Endpoint, request: GenerationInput): Promise<Prepared> {
  const acceptedAt = performance.now();
  if (endpoint === "review") refuseToolsOnReview(request);
  const messages = toMessages(request);
  const product = chooseProduct(endpoint, request.product, hasImages(messages));
  if (request.review_of !== undefined && endpoint !== "review") {
    throw new AppError("invalid_body", "`review_of` is only for the review endpoint.", { param: "review_of" });
  }
  const limits = products[product];
  // Without a limit of the client's: 1,024 tokens of answer, beside any thinking budget it asked for.
  const maxOutputTokens = request.max_output_tokens ?? Math.min(1024 + (request.thinking?.budgetTokens ?? 0), limits.maxOutputTokens);
  if (maxOutputTokens > limits.maxOutputTokens) {
    throw new AppError("invalid_body", `\`max_output_tokens\` is at most ${limits.maxOutputTokens} for ${product}.`, { param: "max_output_tokens" });
  }
  const { answer, responseSchema } = answerRules(request);
  // Tool definitions and a response schema are sent to the engine too: they count as input.
  const counted = inputWithTools(messages, answer.tools?.tools, responseSchema);
  if (textCharacters(counted) > MAX_CHARS_PER_TOKEN * limits.maxInputTokens) throw inputTooLarge(endpoint, product);
  const rates = (await allRates()).get(product);
  if (!rates) throw new AppError("upstream_unavailable", `${product} has no rates configured. Nothing was charged.`);
  const discount = tierOf(key.tier).discount;
  const price = (input: number, output: number, cached = 0) => creditsFor(input, output, rates, discount, cached);
  await checkFundsBeforeCounting(key.workspaceId, counted, price(0, maxOutputTokens));
  await checkImageUrls(messages);
  const inputTokens = ablated("input_count") ? Math.ceil(textCharacters(counted) / 4) : await countMessageTokensWithin(counted, limits.maxInputTokens);
  if (inputTokens === null) {
    throw inputTooLarge(endpoint, product);
  }
  const excludeFamilies = request.review_of ? await writersOf(key.workspaceId, request.review_of) : undefined;
  const planInput: PlanInput = {
    product, endpoint, task: request.task, risk: request.risk, hasImages: hasImages(messages), inputTokens, excludeFamilies,
    needs: needsOf(messages, answer.tools, responseSchema),
  };
  const conversation = request.prompt_cache_key ? conversationOf(key.workspaceId, product, request.prompt_cache_key) : undefined;
  const holder = conversation ? await cacheHolders().holder(conversation).catch(() => undefined) : undefined;
  const route = holderFirst(plan(families(), planInput), holder);
  if (route.steps.length === 0 && route.lacking.length) throw noCapableEngine(planInput, route.lacking);
  if (route.steps.length === 0) {
    throw new AppError("upstream_unavailable", "No engine can take this request as configured. Nothing was charged.");
  }
  const worstCase = price(inputTokens, maxOutputTokens);
  const hold = await creditLeases.hold(key.workspaceId, worstCase > 0n ? worstCase : 1n, RESERVATION_TTL_SECONDS, key.keyId);
  // Compiling is the one costly check: only a request that can pay gets it.
  await compileAnswerRules(answer, responseSchema).catch(async (error: unknown) => {
    await writeSurely("release of an unused hold", () => creditLeases.release(hold));
    throw error;
  });
  return {
    id: newId("gen"), endpoint, product, key, messages, inputTokens, maxOutputTokens, temperature: request.temperature,
    answer, responseSchema, seed: request.seed, sampling: request.sampling,
    metadata: request.metadata ?? {}, plan: route, hold, price, acceptedAt,
    ...(request.prompt_cache_key ? { promptCacheKey: request.prompt_cache_key, conversation } : {}),
    ...(request.thinking ? { thinking: request.thinking } : {}),
  };
}

/** A prepared generation that will not run (its stream found no place): its hold goes back whole. */
export async function abandonGeneration(prepared: Prepared): Promise<void> {
  await writeSurely("release of an unused hold", () => creditLeases.release(prepared.hold));
}

/** Inputs shorter than this cost less to count than a database read; the hold checks their funds. */
const CHEAP_TO_COUNT = 16_384;

/**
 * Counting a large input is real work: a workspace that cannot even pay for the output asked is
 * refused before it (the hold checks the worst case exactly, after the count).
 */
async function checkFundsBeforeCounting(workspaceId: string, messages: ChatMessage[], leastRequired: bigint): Promise<void> {
  if (textCharacters(messages) <= CHEAP_TO_COUNT) return;
  const required = leastRequired > 0n ? leastRequired : 1n;
  const available = await availableFunds(workspaceId);
  if (available < required) throw insufficientCredits(available, required);
}

export type Generation = {
  id: string;
  object: "generation";
  product: ProductId;
  output: string;
  /** The answer's calls (native shape: arguments an object), when it made any. */
  tool_calls?: { id: string; name: string; arguments: Record<string, unknown> }[];
  usage: { input_tokens: number; output_tokens: number; credits: number; cached_input_tokens?: number; cache_write_tokens?: number; reasoning_tokens?: number };
  routing: { reason: string; attempts: number; escalated: boolean };
  finish_reason: FinishReason;
  /** The engines' thinking before the answer, sealed for the client (the Anthropic door shows it). */
  thinking?: ThinkingBlock[];
  /** The stop sequence that ended the answer (the vendor doors report it; the native answer does not carry it). */
  stop_sequence?: string;
  metadata: Record<string, string>;
  created_at: string;
};

/** Where a generation came in (a label of its metrics). */
export type DoorName = "native" | "openai" | "responses" | "anthropic" | "playground";

export async function runGeneration(
  prepared: Prepared,
  onDelta: (text: string) => void,
  signal: AbortSignal,
  door: DoorName = "native",
  onThinking?: (block: ThinkingBlock) => void,
): Promise<Generation> {
  const progress: Progress = { text: "", attempts: 0, failures: [], families: [] };
  const { answer, seed, sampling, responseSchema } = prepared;
  const tools = answer.tools;
  const request = {
    messages: prepared.messages, maxOutputTokens: prepared.maxOutputTokens, temperature: prepared.temperature, stop: answer.stop, seed,
    ...(answer.json ? { json: true } : {}),
    ...(tools ? { tools: tools.tools, toolChoice: tools.choice, parallelToolCalls: tools.parallel } : {}),
    ...(responseSchema ? { responseSchema } : {}),
    ...(sampling ? { sampling } : {}),
    ...(prepared.endpoint !== "completions" ? { endpoint: prepared.endpoint } : {}),
    ...(prepared.promptCacheKey ? { promptCache: { key: prepared.promptCacheKey } } : {}),
    ...(prepared.thinking ? { thinking: prepared.thinking } : {}),
  };
  const labels = { product: prepared.product, door };
  const started = performance.now();
  let firstTokenMs: number | null = null;
  const shape = shapeAnswer(answer, (text) => {
    if (firstTokenMs === null && text) {
      firstTokenMs = Math.round(performance.now() - prepared.acceptedAt);
      metrics().firstToken.observe(labels, (performance.now() - started) / 1000);
    }
    onDelta(text);
  });
  /** The activity record of this generation as it ends. */
  const record = (status: string, family: string[], ended: Partial<Pick<GenerationRecord, "errorCode" | "finishReason" | "routing">>): GenerationRecord => ({
    id: prepared.id, product: prepared.product, endpoint: prepared.endpoint, family: family.join(","), status, door,
    errorCode: ended.errorCode ?? null, finishReason: ended.finishReason ?? null,
    latencyMs: Math.round(performance.now() - prepared.acceptedAt), firstTokenMs,
    routing: ended.routing ?? { reason: null, attempts: progress.attempts, escalated: progress.failures.length > 0 || progress.attempts > 1 },
  });
  const took = (outcome: string) => metrics().generationDuration.observe({ ...labels, outcome }, (performance.now() - started) / 1000);
  let billing = false;
  try {
    const outcome = await runPlan(prepared.plan.steps, request, progress, shape.onDelta, signal, countTokens, shape, prepared.thinking ? (block) => onThinking?.(block) : undefined);
    shape.finish(progress);
    const input = outcome.reported?.inputTokens ?? prepared.inputTokens;
    const output = outcome.reported?.outputTokens ?? countTokens(progress.text) + callTokens(outcome.calls);
    const writers = progress.families.includes(outcome.family) ? progress.families : [...progress.families, outcome.family];
    billing = true;
    const escalated = outcome.stepIndex > 0 || progress.failures.length > 0 || progress.attempts > 1;
    const routing = { reason: routingReason(prepared.plan, progress, outcome.stepIndex), attempts: progress.attempts, escalated };
    const finish = finishReason(outcome.finish, output, prepared.maxOutputTokens);
    const { cachedInputTokens: cached = 0, cacheWriteTokens: written = 0, reasoningTokens: reasoning = 0 } = outcome.reported ?? {};
    const credits = await bill(prepared, input, output, record("completed", writers, { finishReason: finish, routing }), cached);
    if (prepared.conversation) void cacheHolders().remember(prepared.conversation, outcome.family).catch(() => undefined);
    took("completed");
    return {
      id: prepared.id,
      object: "generation",
      product: prepared.product,
      output: progress.text,
      ...(outcome.calls.length ? { tool_calls: outcome.calls.map(({ id, name, arguments: args }) => ({ id, name, arguments: JSON.parse(args) as Record<string, unknown> })) } : {}),
      usage: {
        input_tokens: input,
        output_tokens: output,
        ...(cached ? { cached_input_tokens: cached } : {}),
        ...(written ? { cache_write_tokens: written } : {}),
        ...(reasoning ? { reasoning_tokens: reasoning } : {}),
        credits: toCredits(credits),
      },
      routing,
      finish_reason: finish,
      ...(progress.thinking ? { thinking: progress.thinking } : {}),
      ...(shape.stopSequence() ? { stop_sequence: shape.stopSequence() } : {}),
      metadata: prepared.metadata,
      created_at: new Date().toISOString(),
    };
  } catch (error) {
    took(signal.aborted ? "cancelled" : "failed");
    // A settlement that failed even without its metadata (leases.ts) is never turned into a
    // release: the answer was delivered, and the hold stays until the sweeper's time.
    if (billing) throw error;
    // A client that left cancelled it; anything else (every engine failing, the shutdown grace) failed it.
    const left = signal.aborted && !(signal.reason instanceof AppError);
    const failure = signal.aborted && signal.reason instanceof AppError ? signal.reason : error;
    const ended = record(left ? "cancelled" : "failed", progress.families, {
      errorCode: left ? null : failure instanceof AppError ? failure.code : "internal_error",
      routing: { reason: `${prepared.plan.reason}: ${left ? "the client left" : "no engine answered"}`, attempts: progress.attempts, escalated: progress.attempts > 1 },
    });
    if (signal.aborted && progress.text) {
      // The client left mid-answer: it pays for what it was sent, nothing more.
      await bill(prepared, prepared.inputTokens, countTokens(progress.text), ended);
    } else {
      const { projectId, keyId } = prepared.key;
      await writeSurely("release of a generation's hold", () => creditLeases.release(prepared.hold, { generation: ended, projectId, keyId }));
    }
    throw error;
  }
}

/** The output tokens of calls no family counted: their names and arguments. */
const callTokens = (calls: ToolCall[]) => calls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0);

async function bill(prepared: Prepared, input: number, output: number, generation: GenerationRecord, cached = 0): Promise<bigint> {
  const { key } = prepared;
  // The text was delivered: its charge is written even if the database fails for a while.
  const settled = await writeSurely("settlement of a generation", () =>
    creditLeases.settle(
      prepared.hold,
      prepared.price(input, output, cached),
      {
        projectId: key.projectId, keyId: key.keyId, engine: prepared.product, inputTokens: input, outputTokens: output, metadata: prepared.metadata,
        ...(cached ? { cachedInputTokens: cached } : {}),
        resource: prepared.id, description: `Generation ${prepared.id} (${prepared.product})`,
      },
      generation,
    ),
  );
  metrics().creditsCharged.inc({ product: prepared.product }, toCredits(settled.charged));
  return settled.charged;
}

/**
 * The engine's word, except that an answer that used up `max_output_tokens` is cut whatever the
 * last engine said (a continuation ran on what was left of the limit; some engines say "stop").
 */
function finishReason(reported: FinishReason, outputTokens: number, maxOutputTokens: number): FinishReason {
  return reported === "stop" && outputTokens >= maxOutputTokens ? "length" : reported;
}
