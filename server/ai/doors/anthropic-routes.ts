// The Anthropic door's routes: the key taken from `x-api-key` or the bearer, every error in
// Anthropic's shape, `anthropic-version` checked for its form (and otherwise ignored); messages
// (the one generation door), count_tokens (counted as metering counts) and the products as
// Anthropic's model objects.
import "server-only";
import { AppError } from "../../errors";
import { notRoutedIn } from "../../http/not-routed";
import type { KeyHandler } from "../../http/with-api-key";
import { countTokensRequest } from "../anthropic-schema";
import { modelObject, modelObjects } from "../models";
import { modelById } from "../openai-features";
import { anthropicDoor, anthropicErrorBody } from "./anthropic";
import { inputTokensOf, serverToolsOf } from "./anthropic-request";
import { IGNORED_HEADER, parseDoorBody } from "./door-body";
import { ignoredIn } from "./field-policy";
import { generationDoor } from "./http-door";

const VERSION = /^\d{4}-\d{2}-\d{2}$/;

function checkVersion(request: Request): void {
  const version = request.headers.get("anthropic-version");
  if (version !== null && !VERSION.test(version.trim())) {
    throw new AppError("invalid_body", `The \`anthropic-version\` header must be a date like 2023-06-01 (any such date is taken).`, { param: "anthropic-version" });
  }
}

/** What every keyed route of the door passes to withApiKey beside its scope. */
export const anthropicKey = { apiKeyHeader: true, errorShape: anthropicErrorBody } as const;

/** 404 and 405 answers in the door's error shape. */
export const anthropicNotRouted = notRoutedIn(anthropicErrorBody);

const versioned =
  (handler: KeyHandler): KeyHandler =>
  (request, context) => {
    checkVersion(request);
    return handler(request, context);
  };

export const messages = versioned(generationDoor(anthropicDoor, "completions"));

export const countTokens = versioned(async (request, { headers }) => {
  const { body, ignored } = await parseDoorBody(request, countTokensRequest);
  const named = [...new Set([...ignored, ...ignoredIn("anthropic", body), ...serverToolsOf(body)])];
  if (named.length) headers[IGNORED_HEADER] = named.join(", ");
  return Response.json({ input_tokens: await inputTokensOf(body) });
});

const asAnthropic = ({ id, created }: Awaited<ReturnType<typeof modelObject>>) => ({
  type: "model" as const,
  id,
  display_name: id[0].toUpperCase() + id.slice(1),
  created_at: new Date(created * 1000).toISOString(),
});

export const models = versioned(async () => {
  const data = (await modelObjects()).map(asAnthropic);
  return Response.json({ data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
});

export const model = versioned(async (_request, { params }) => Response.json(asAnthropic(await modelById(params.id))));
