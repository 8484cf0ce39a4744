// Request and response shapes of the API key routes, shared by REST, tRPC and the OpenAPI document.
import { z } from "zod";

export const scopes = ["read", "read_write"] as const;
export type Scope = (typeof scopes)[number];

export const createKeyInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scope: z.enum(scopes),
});
export type CreateKeyInput = z.infer<typeof createKeyInput>;

export const listInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(100).optional(),
});
export type ListInput = z.infer<typeof listInput>;

export type ApiKeyView = {
  id: string;
  name: string;
  scope: Scope;
  prefix: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
};
