import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { newId } from "@/server/ids";
import { log } from "@/server/log";
import { runWithRequest } from "@/server/request-context";
import { appRouter } from "@/server/trpc/root";
import { createContext } from "@/server/trpc/trpc";

// GET|POST /api/trpc/* — the console's procedures (session cookie auth)
function handler(request: Request): Promise<Response> {
  return runWithRequest({ requestId: newId("req"), dbOperations: 0 }, () =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: request,
      router: appRouter,
      createContext,
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR") log.error({ err: error.cause ?? error, path }, "unhandled error in tRPC procedure");
      },
    }),
  );
}

export { handler as GET, handler as POST };
