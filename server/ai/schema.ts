// The generation request of API.md §2, shared by the native endpoints, the OpenAI door (after
// translation) and the OpenAPI document.
import { z } from "zod";

const imageUrl = z
  .string()
  .max(20 * 1024 * 1024)
  .refine((url) => url.startsWith("https://") || url.startsWith("data:image/"), "must be an https:// or data:image/ URL");

export const contentPart = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({ type: z.literal("image"), url: imageUrl }),
]);

export const message = z.strictObject({
  role: z.enum(["system", "user", "assistant"]),
  content: z.union([z.string(), z.array(contentPart).min(1).max(100)]),
});

export const generationRequest = z.strictObject({
  product: z.string().max(64).optional(),
  prompt: z.string().optional(),
  messages: z.array(message).min(1).max(1000).optional(),
  stream: z.boolean().default(false),
  task: z.string().regex(/^[a-z0-9_-]{1,64}$/, "1 to 64 characters of a-z, 0-9, _ and -").optional(),
  risk: z.number().min(0).max(1).default(0.3),
  max_output_tokens: z.number().int().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  review_of: z.string().min(1).max(100).optional(),
  metadata: z
    .record(z.string().min(1).max(64), z.string().max(512))
    .refine((m) => Object.keys(m).length <= 16, "at most 16 pairs")
    .optional(),
});

export type GenerationRequest = z.infer<typeof generationRequest>;
