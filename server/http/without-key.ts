// The wrapper of the public routes that need no key (request id, errors, log line).
import "server-only";
import { served } from "./served";

export function withoutKey(handler: (request: Request, context: { requestId: string }) => Promise<Response>) {
  return (request: Request) => served(request, ({ requestId }) => handler(request, { requestId }));
}
