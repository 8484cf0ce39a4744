// The console's tRPC router: every procedure the browser can call.
import "server-only";
import { accountRouter } from "./routers/account";
import { apiKeysRouter } from "./routers/api-keys";
import { auditRouter } from "./routers/audit";
import { billingRouter } from "./routers/billing";
import { domainsRouter } from "./routers/domains";
import { generationsRouter } from "./routers/generations";
import { instancesRouter } from "./routers/instances";
import { invitesRouter } from "./routers/invites";
import { membersRouter } from "./routers/members";
import { operatorRouter } from "./routers/operator";
import { playgroundRouter } from "./routers/playground";
import { projectsRouter } from "./routers/projects";
import { sshKeysRouter } from "./routers/ssh-keys";
import { twoFactorRouter } from "./routers/two-factor";
import { webhooksRouter } from "./routers/webhooks";
import { workspaceRouter } from "./routers/workspace";
import { workspacesRouter } from "./routers/workspaces";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  account: accountRouter,
  twoFactor: twoFactorRouter,
  workspace: workspaceRouter,
  workspaces: workspacesRouter,
  members: membersRouter,
  invites: invitesRouter,
  apiKeys: apiKeysRouter,
  projects: projectsRouter,
  billing: billingRouter,
  operator: operatorRouter,
  instances: instancesRouter,
  sshKeys: sshKeysRouter,
  domains: domainsRouter,
  webhooks: webhooksRouter,
  playground: playgroundRouter,
  audit: auditRouter,
  generations: generationsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
