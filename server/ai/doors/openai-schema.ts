// The subset of OpenAI's Chat Completions request the OpenAI-compatible door accepts. Fields that
// do not change our answer (user, seed, top_p...) are accepted and ignored; anything else is an
// unknown field, refused like on every other route.
import { z } from "zod";

const part = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({
    type: z.literal("image_url"),
    image_url: z.strictObject({ url: z.string(), detail: z.enum(["auto", "low", "high"]).optional() }),
  }),
]);

export const chatCompletionRequest = z.strictObject({
  model: z.string().min(1).max(100),
  messages: z
    .array(
      z.strictObject({
        role: z.enum(["system", "developer", "user", "assistant"]),
        content: z.union([z.string(), z.array(part).min(1)]),
        name: z.string().max(64).optional(),
      }),
    )
    .min(1),
  stream: z.boolean().default(false),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: z.number().int().min(1).nullable().optional(),
  max_completion_tokens: z.number().int().min(1).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  n: z.literal(1).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  user: z.string().max(256).optional(),
  metadata: z.record(z.string().min(1).max(64), z.string().max(512)).optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;
