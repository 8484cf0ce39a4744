// The wrapper of every keyed REST route. It owns: the request id, bearer parsing, key checks
// (checksum before any database read), scope, the per-key rate limit and its headers, error
// mapping, and one log line per request. Handlers only parse, call a service and shape the answer.
import { AppError } from "../errors";
import { newId } from "../ids";
import { log } from "../log";
import { tierOf, type Bucket } from "../billing/tiers";
import { authenticateKey, scopeCovers, type AuthenticatedKey, type ProjectActor } from "../keys/service";
import type { Scope } from "../keys/schema";
import { runWithRequest, type RequestContext } from "../request-context";
import { errorResponse, toAppError } from "./handle-error";
import { rateLimitHeaders, RateLimitedError, takeRequest } from "./rate-limit";

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
  return async (request: Request, route: RouteContext): Promise<Response> => {
    const context: RequestContext = { requestId: newId("req"), dbOperations: 0 };
    return runWithRequest(context, async () => {
      const started = performance.now();
      let headers: Record<string, string> = {};
      let response: Response;
      let keyId: string | undefined;
      try {
        const key = await authenticateKey(bearer(request.headers.get("authorization")));
        keyId = key.id;
        if (!scopeCovers(key.scope, options.scope)) {
          throw new AppError("insufficient_scope", `This key has scope \`${key.scope}\`; this request needs \`${options.scope}\`.`, {
            required_scope: options.scope,
          });
        }
        const bucket = options.bucket ?? "api";
        try {
          headers = rateLimitHeaders(await takeRequest(bucket, key.id, tierOf(key.tier).limits[bucket]));
        } catch (error) {
          if (error instanceof RateLimitedError) headers = rateLimitHeaders(error.state);
          throw error;
        }
        const params = Object.fromEntries(
          Object.entries((await route?.params) ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value.join("/") : value]),
        );
        response = await handler(request, {
          key,
          actor: { workspaceId: key.workspaceId, projectId: key.projectId, maxScope: key.scope },
          requestId: context.requestId,
          params,
        });
        response.headers.set("X-Request-Id", context.requestId);
        for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      } catch (error) {
        response = errorResponse(toAppError(error), context.requestId, headers);
      }
      log.info(
        {
          method: request.method,
          path: new URL(request.url).pathname,
          status: response.status,
          key_id: keyId,
          db_operations: context.dbOperations,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "request",
      );
      return response;
    });
  };
}
