// The wrapper of every keyed REST route. It owns: bearer parsing, key checks (checksum before any
// database read), scope, and the rate limits (the key's and its project's) with the key's headers;
// `served` adds the request id, error mapping and the log line; `idempotent` the Idempotency-Key of
// mutations. Handlers only parse, call a service and shape the answer.
import "server-only";
import { AppError, type ErrorShape } from "../errors";
import type { Bucket } from "../billing/tiers";
import type { AuthenticatedKey } from "../keys/authenticated-key";
import { authenticateKey, scopeCovers } from "../keys/service";
import { ablated } from "../bench-ablation";
import type { ProjectActor, Scope } from "../actor";
import { clientAddress } from "./client-address";
import { idempotent } from "./idempotency";
import { takeKeyRequest } from "./key-rate-limit";
import { rateLimitHeaders, RateLimitedError } from "./rate-limit";
import { refuseUnsafeInput } from "./safe-input";
import { served } from "./served";
import { CONTROL_CHARACTER } from "../vocab/control-characters";

export type KeyContext = {
  key: AuthenticatedKey;
  /** The key acting on its own project, for the services. */
  actor: ProjectActor;
  requestId: string;
  params: Record<string, string>;
  /** Headers that go on the answer, error or not (a door's notes on what it ignored or clamped). */
  headers: Record<string, string>;
};

export type KeyHandler = (request: Request, context: KeyContext) => Promise<Response>;

type RouteContext = { params?: Promise<Record<string, string | string[]>> };

export type KeyOptions = {
  scope: Scope;
  bucket?: Bucket;
  /** Also take the key from `x-api-key` (the Anthropic door: its SDKs send it there). */
  apiKeyHeader?: boolean;
  /** The route's error bodies, in its door's shape (native by default). */
  errorShape?: ErrorShape;
};

function bearer(header: string | null, orHeader: string): string {
  if (header === null) {
    throw new AppError("missing_api_key", `Send your API key as \`Authorization: Bearer swk_...\`${orHeader}.`);
  }
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new AppError("invalid_api_key", "The Authorization header must be `Bearer swk_...` with a valid key.");
  }
  return match[1];
}

/** The key as sent: `x-api-key` when the route takes it and it was sent, else the bearer. */
function sentKey(request: Request, options: KeyOptions): string {
  const apiKey = options.apiKeyHeader ? request.headers.get("x-api-key") : null;
  if (apiKey !== null) {
    if (!/^\S+$/.test(apiKey.trim())) throw new AppError("invalid_api_key", "The x-api-key header must be a valid key `swk_...`.");
    return apiKey.trim();
  }
  return bearer(request.headers.get("authorization"), options.apiKeyHeader ? " or `x-api-key: swk_...`" : "");
}

/** BENCH ONLY (key_check switched off): each key resolved once per process, then never checked again. */
const checkedOnce = new Map<string, ReturnType<typeof authenticateKey>>();
const keyOnce = (presented: string) => {
  if (!checkedOnce.has(presented)) checkedOnce.set(presented, authenticateKey(presented));
  return checkedOnce.get(presented)!;
};

export function withApiKey(handler: KeyHandler, options: KeyOptions) {
  return (request: Request, route: RouteContext): Promise<Response> =>
    served(request, async (state) => {
      // Anthropic's SDKs read the request id from `request-id`: the door sends it on every answer.
      if (options.apiKeyHeader) state.headers["request-id"] = state.requestId;
      const key = ablated("key_check") ? await keyOnce(sentKey(request, options)) : await authenticateKey(sentKey(request, options));
      state.logFields.key_id = key.id;
      if (!scopeCovers(key.scope, options.scope)) {
        throw new AppError("insufficient_scope", `This key has scope \`${key.scope}\`; this request needs \`${options.scope}\`.`, {
          required_scope: options.scope,
        });
      }
      const bucket = options.bucket ?? "api";
      if (!ablated("rate_limits")) try {
        state.headers = { ...state.headers, ...rateLimitHeaders(await takeKeyRequest(bucket, { keyId: key.id, projectId: key.projectId, workspaceId: key.workspaceId, tierLimits: key.tierLimits, rateLimits: key.rateLimits })) };
      } catch (error) {
        if (error instanceof RateLimitedError) state.headers = { ...state.headers, ...rateLimitHeaders(error.state) };
        throw error;
      }
      const params = Object.fromEntries(
        Object.entries((await route?.params) ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value.join("/") : value]),
      );
      for (const [name, value] of Object.entries(params)) {
        if (CONTROL_CHARACTER.test(value)) throw new AppError("invalid_body", `The path's \`${name}\` contains control characters.`, { param: name });
      }
      refuseUnsafeInput(params, "path");
      const context: KeyContext = {
        key,
        actor: {
          workspaceId: key.workspaceId,
          projectId: key.projectId,
          maxScope: key.scope,
          by: { type: "api_key", id: key.id, address: clientAddress(request.headers) },
        },
        requestId: state.requestId,
        params,
        headers: state.headers,
      };
      // Claimed only now: a request refused by auth, scope or rate limit stores nothing.
      const scope = { projectId: key.projectId, requestId: state.requestId, logFields: state.logFields, errorShape: options.errorShape };
      return idempotent(request, scope, (copy) => handler(copy, context));
    }, options.errorShape);
}
