// The console's tRPC router: every procedure the browser can call.
import { accountRouter } from "./routers/account";
import { apiKeysRouter } from "./routers/api-keys";
import { workspaceRouter } from "./routers/workspace";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  account: accountRouter,
  workspace: workspaceRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
