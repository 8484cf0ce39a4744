// Wire shapes every route shares (on every operation in /docs): the error envelope and the cursor-paged list.
import "server-only";
import { z } from "zod";
import { errorCodes, type ErrorCode } from "../errors";
import { NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE } from "../vocab/control-characters";

export const errorCode = z
  .enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]])
  .meta({
    id: "ErrorCode",
    description: "What went wrong, in snake_case; the HTTP status follows from it (the error codes table of /docs).",
    // The table itself, for /docs: each code's status, what it means and what to do.
    "x-error-codes": Object.entries(errorCodes).map(([code, { status, meaning, action }]) => ({ code, status, meaning, action })),
  });

export const errorType = z
  .enum(["invalid_request_error", "authentication_error", "permission_error", "billing_error", "rate_limit_error", "api_error"])
  .meta({ description: "Groups codes the way OpenAI and Stripe clients expect." });

export const errorEnvelope = z
  .strictObject({
    error: z.strictObject({
      type: errorType,
      code: errorCode,
      message: z.string().meta({ description: "What happened and what to do." }),
      request_id: z.string().meta({ description: "The `X-Request-Id` of the request, `req_...`." }),
      param: z.string().optional().meta({ description: "The field at fault, when one is." }),
      suggested_product: z.string().optional().meta({ description: "product_not_allowed: the product to use instead, on the same endpoint (the one the message advises first)." }),
      balance: z.number().optional().meta({ description: "insufficient_credits: available credits (balance less reserved)." }),
      required: z.number().optional().meta({ description: "insufficient_credits, key_credit_limit_reached: credits the request needs (its worst case)." }),
      used: z.number().optional().meta({ description: "key_credit_limit_reached: credits the key spent this UTC month plus what its requests in flight hold." }),
      required_scope: z.enum(["read", "read_write"]).optional().meta({ description: "insufficient_scope: the scope the request needs." }),
      limit: z.number().optional().meta({ description: "input_too_large: the limit exceeded (bytes or tokens); key_credit_limit_reached: the key's monthly limit in credits." }),
      retry_after: z.number().int().optional().meta({ description: "rate_limited: seconds to wait, as in `Retry-After`." }),
    }),
  })
  .meta({ id: "Error", description: "Every error, on every route: JSON, never HTML, never a stack trace." });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const nextCursor = z
  .string()
  .nullable()
  .meta({ description: "Pass as `?cursor=` for the next page; null on the last page." });

/** `{ "<plural>": [...], "next_cursor": ... }`, the shape of every paged list. */
export function cursorPage<const Plural extends string, Item extends z.ZodType>(plural: Plural, item: Item) {
  return z.strictObject({ [plural]: z.array(item), next_cursor: nextCursor } as { [K in Plural]: z.ZodArray<Item> } & { next_cursor: typeof nextCursor });
}

/** A label people type (names, descriptions): no control characters (server/vocab/control-characters.ts). */
export const plainText = () => z.string().regex(NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_MESSAGE);

/** The shape of every id (and so of every cursor): a type prefix, `_`, and a 26-character ULID. */
export const ID_SHAPE = /^[a-z]{2,5}_[0-9a-z]{26}$/;

/** `?cursor=`: the `next_cursor` of a previous page, nothing else. */
export const cursor = () =>
  z.string().regex(ID_SHAPE, "is not a cursor from a previous page (pass `next_cursor` as it came)").optional().meta({ description: "The `next_cursor` of the previous page." });
