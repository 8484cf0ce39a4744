// Request and response shapes of the API key routes, shared by REST, tRPC and the OpenAPI document.
import { z } from "zod";
import { cursor, cursorPage, plainText } from "../http/schema";

export const scopes = ["read", "read_write"] as const;
export type Scope = (typeof scopes)[number];

export const createKeyInput = z.strictObject({
  name: plainText().trim().min(1).max(100).meta({ description: "A label for the key, shown in lists." }),
  scope: z.enum(scopes).meta({ description: "`read` for GETs, `read_write` for generation and every change; at most the creating key's own." }),
});
export type CreateKeyInput = z.infer<typeof createKeyInput>;

export const listInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Items per page." }),
  cursor: cursor(),
});
export type ListInput = z.infer<typeof listInput>;

export const apiKeyObject = z
  .strictObject({
    id: z.string().meta({ example: "key_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    name: z.string(),
    scope: z.enum(scopes),
    prefix: z.string().meta({ description: "The first 8 random characters of the key, stored in clear." }),
    last4: z.string().meta({ description: "The key's last 4 characters." }),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable().meta({ description: "Updated at most once a minute." }),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof apiKeyObject>;

export const createdKeyResponse = z.strictObject({
  api_key: apiKeyObject,
  key: z
    .string()
    .nullable()
    .meta({ description: "The whole key, `swk_...`, shown in this response only (null in an idempotent replay).", example: "swk_..." }),
});

export const apiKeyList = cursorPage("api_keys", apiKeyObject);
