// Model families are configuration, not code: one JSON file (MODEL_FAMILIES_FILE, default
// server/ai/families/default.json) lists the families and, per product × endpoint, the ordered
// chains to try. Validated once at start-up; a bad file stops the server with a clear message.
import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { productIds } from "../../vocab/products";

/** What a model can do beyond text: call tools, answer to a JSON Schema, read images. */
export const capabilities = ["tools", "json_schema", "images"] as const;
export type Capability = (typeof capabilities)[number];

const model = z.strictObject({
  /** The vendor's model name, sent upstream only. */
  name: z.string().min(1),
  /** Input tokens the model accepts. */
  context_window: z.number().int().positive(),
  /**
   * What the model can do beyond text; routing skips it for requests that need more. Left out:
   * every capability (a file written before capabilities existed routes as it always did).
   */
  capabilities: z.array(z.enum(capabilities)).optional(),
});

const family = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  adapter: z.enum(["openai", "anthropic", "sandbox"]),
  /** Base URL of the API (e.g. https://api.example.com/v1); not used by the sandbox. */
  base_url: z.url().optional(),
  /** Name of the environment variable holding the API key (never the key itself). */
  api_key_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/).optional(),
  /** The service's own models: sentinel never runs on them. */
  own: z.boolean().default(false),
  /** Models by tier, e.g. {"fast": {...}, "strong": {...}}. */
  models: z.record(z.string().regex(/^[a-z]+$/), model),
  timeouts: z
    .strictObject({ connect_ms: z.number().int().positive(), first_token_ms: z.number().int().positive(), idle_ms: z.number().int().positive() })
    .default({ connect_ms: 5_000, first_token_ms: 20_000, idle_ms: 15_000 }),
  /** This family's circuit breaker, when it should differ from BREAKER_FAILURES / BREAKER_COOLDOWN_SECONDS. */
  breaker: z.strictObject({ failures: z.number().int().min(1), cooldown_seconds: z.number().int().min(1) }).optional(),
  /** Sandbox only: milliseconds between streamed chunks. */
  pacing_ms: z.number().int().min(0).default(20),
  /** Anthropic only: the API version header. */
  api_version: z.string().optional(),
});

/** One step of a chain: "family/tier". */
const step = z.string().regex(/^[a-z0-9-]+\/[a-z]+$/);

const rule = z.strictObject({
  /** The rule applies when every condition holds; the first matching rule wins. */
  when: z
    .strictObject({
      tasks: z.array(z.string()).optional(),
      min_risk: z.number().min(0).max(1).optional(),
      images: z.boolean().optional(),
      min_input_tokens: z.number().int().min(0).optional(),
    })
    .default({}),
  /** Words for routing.reason: engines in general terms, never a vendor, family or model. */
  label: z.string().min(1),
  chain: z.array(step).min(1),
});

const endpoints = z.strictObject({
  completions: z.array(rule).min(1).optional(),
  code: z.array(rule).min(1).optional(),
  review: z.array(rule).min(1).optional(),
});

export const familiesFile = z
  .strictObject({
    families: z.array(family).min(1),
    /** Per product (any may be left out: it then answers upstream_unavailable). */
    routes: z
      .strictObject(Object.fromEntries(productIds.map((id) => [id, endpoints])) as Record<(typeof productIds)[number], typeof endpoints>)
      .partial(),
  })
  .superRefine((file, ctx) => {
    const byId = new Map(file.families.map((f) => [f.id, f]));
    if (byId.size !== file.families.length) ctx.addIssue({ code: "custom", path: ["families"], message: "family ids must be unique" });
    for (const f of file.families) {
      if (f.adapter !== "sandbox" && !f.base_url) ctx.addIssue({ code: "custom", path: ["families", f.id, "base_url"], message: "required for this adapter" });
    }
    for (const [product, routes] of Object.entries(file.routes)) {
      for (const [endpoint, rules] of Object.entries(routes ?? {})) {
        for (const r of rules ?? []) {
          for (const s of r.chain) {
            const [familyId, tier] = s.split("/");
            if (!byId.get(familyId)?.models[tier]) {
              ctx.addIssue({ code: "custom", path: ["routes", product, endpoint], message: `unknown family/tier ${s}` });
            }
          }
        }
      }
    }
  });

export type FamiliesFile = z.infer<typeof familiesFile>;
export type FamilyConfig = FamiliesFile["families"][number];
export type RouteRule = z.infer<typeof rule>;

export const DEFAULT_FAMILIES_FILE = join(/* turbopackIgnore: true */ process.cwd(), "server", "ai", "families", "default.json");

export function loadFamilies(path: string): FamiliesFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`Model families file ${path} cannot be read: ${(error as Error).message}`);
  }
  const parsed = familiesFile.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Model families file ${path} is invalid: ${problems}`);
  }
  return parsed.data;
}
