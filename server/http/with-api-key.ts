// The wrapper of every keyed REST route. It owns: bearer parsing, key checks (checksum before any
// database read), scope, and the rate limits (the key's and its project's) with the key's headers;
// `served` adds the request id, error mapping and the log line; `idempotent` the Idempotency-Key of
// mutations. Handlers only parse, call a service and shape the answer.
import "server-only";
import { AppError } from "../errors";
import type { Bucket } from "../billing/tiers";
import type { AuthenticatedKey } from "../keys/authenticated-key";
import { authenticateKey, scopeCovers } from "../keys/service";
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
};

export type KeyHandler = (request: Request, context: KeyContext) => Promise<Response>;

type RouteContext = { params?: Promise<Record<string, string | string[]>> };

function bearer(header: string | null): string {
  if (header === null) {
    throw new AppError("missing_api_key", "Send your API key as `Authorization: Bearer swk_...`.");
  }
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new AppError("invalid_api_key", "The Authorization header must be `Bearer swk_...` with a valid key.");
  }
  return match[1];
}

export function withApiKey(handler: KeyHandler, options: { scope: Scope; bucket?: Bucket }) {
  return (request: Request, route: RouteContext): Promise<Response> =>
    served(request, async (state) => {
      const key = await authenticateKey(bearer(request.headers.get("authorization")));
      state.logFields.key_id = key.id;
      if (!scopeCovers(key.scope, options.scope)) {
        throw new AppError("insufficient_scope", `This key has scope \`${key.scope}\`; this request needs \`${options.scope}\`.`, {
          required_scope: options.scope,
        });
      }
      const bucket = options.bucket ?? "api";
      try {
        state.headers = rateLimitHeaders(await takeKeyRequest(bucket, { keyId: key.id, projectId: key.projectId, workspaceId: key.workspaceId, tierLimits: key.tierLimits, rateLimits: key.rateLimits }));
      } catch (error) {
        if (error instanceof RateLimitedError) state.headers = rateLimitHeaders(error.state);
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
      };
      // Claimed only now: a request refused by auth, scope or rate limit stores nothing.
      const scope = { projectId: key.projectId, requestId: state.requestId, logFields: state.logFields };
      return idempotent(request, scope, (copy) => handler(copy, context));
    });
}
