// tRPC for the console: the context (who is signed in), the procedures, and the one mapping of
// AppError to tRPC codes (server/errors.ts). Unknown errors become INTERNAL_SERVER_ERROR whose
// message and data reveal nothing; they are logged by the route handler.
import "server-only";
import { initTRPC, TRPCError } from "@trpc/server";
import type { FetchCreateContextFnOptions } from "@trpc/server/adapters/fetch";
import { headers } from "next/headers";
import superjson from "superjson";
import { ZodError } from "zod";
import { z } from "zod";
import { signedInSession } from "../auth";
import { clientAddress } from "../http/client-address";
import { requestOrigin } from "../http/request-origin";
import { memberProjectActor } from "../projects/service";
import { currentMembership } from "../workspaces/membership";
import { requireRole } from "../workspaces/roles";
import { twoFactorSetUpNeeded } from "../workspaces/two-factor-requirement";
import { db } from "../db";
import { env } from "../env";
import { takeRequest } from "../http/rate-limit";
import { refuseUnsafeInput } from "../http/safe-input";
import { isDatabaseUnreachable, isForeignKeyViolation } from "../db-errors";
import { AppError, deletedMeanwhile, errorCodes, internalError, serviceUnavailable, type ErrorCode } from "../errors";
import { describeValidation, type FieldProblem } from "../http/validation-messages";

/**
 * Who is signed in, the client's address (limits, the audit log), the origin the request reached
 * (links in mail, embedded mode only) and how many calls its batch holds (1 when not batched).
 */
export type Context = { userId: string | null; sessionId?: string | null; address?: string | null; origin?: string | null; calls?: number };

/** From the route handler (with the request), or from server components (without). */
export async function createContext(request?: FetchCreateContextFnOptions): Promise<Context> {
  const session = await signedInSession();
  return {
    userId: session?.userId ?? null,
    sessionId: session?.sessionId ?? null,
    address: clientAddress(await headers()),
    origin: request ? requestOrigin(request.req.headers) : null,
    calls: request?.info.calls.length ?? 1,
  };
}

/**
 * The first problem of each field, by the field's own name (the last named step of its path:
 * `instance.hostname` is `hostname`, `events.0` is `events`; "" for the object itself), as the
 * console's forms name their fields and as services name them in `param`. A schema's own message
 * is shown as written; zod's are in the words of the REST API's messages.
 */
function fieldErrors(problems: FieldProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const named = problem.path.filter((step) => typeof step === "string");
    const text = problem.kind === "unknown" ? "is not a field here" : (problem.own ?? problem.text.replace(/^: /, ""));
    fields[String(named[named.length - 1] ?? "")] ??= text;
  }
  return fields;
}

/**
 * superjson, with what a client sent checked before it is turned into values: its copy of the
 * input is recursive, so JSON nested thousands deep must be refused before it (safe-input.ts).
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (payload: { json?: unknown; meta?: unknown } | undefined) => {
      refuseUnsafeInput(payload?.json, "input");
      refuseUnsafeInput(payload?.meta, "input");
      return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  output: superjson,
};

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error, input }) {
    const cause = error.cause;
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    const invalid = cause instanceof ZodError ? describeValidation(cause, input, { where: "input", hasInput: input !== undefined }) : undefined;
    let appCode: ErrorCode | undefined = cause instanceof AppError ? cause.code : undefined;
    if (internal) appCode = "internal_error";
    else if (invalid) appCode = "invalid_body";
    return {
      code: shape.code,
      message: internal ? internalError().message : invalid ? invalid.message : shape.message,
      // No stack, no cause: only what the console needs to show the error next to the right field.
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        ...(appCode && { appCode }),
        ...(cause instanceof AppError && cause.extra.param && { param: cause.extra.param }),
        // A refusal to retry later (429) says when, as the REST door's Retry-After does.
        ...(cause instanceof AppError && typeof cause.extra.retry_after === "number" && { retryAfter: cause.extra.retry_after }),
        ...(invalid && { fieldErrors: fieldErrors(invalid.problems) }),
      },
    };
  },
});

// Services throw AppError; tRPC would wrap it as INTERNAL_SERVER_ERROR. Give it its own code here
// (a database that cannot be reached is SERVICE_UNAVAILABLE, appCode service_unavailable; a row
// deleted while the call ran is CONFLICT).
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && !(result.error.cause instanceof AppError)) {
    const known = isDatabaseUnreachable(result.error.cause) ? serviceUnavailable() : isForeignKeyViolation(result.error.cause) ? deletedMeanwhile() : null;
    if (known) throw new TRPCError({ code: errorCodes[known.code].trpc, message: known.message, cause: known });
  }
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: errorCodes[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// NUL bytes, lone surrogates and absurd nesting in any input are refused by name, as on the REST
// routes (safe-input.ts): otherwise a database write fails with a 500, or the walk overflows.
const refuseUnsafe = t.middleware(async ({ getRawInput, next }) => {
  refuseUnsafeInput(await getRawInput(), "input");
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors).use(refuseUnsafe);

/**
 * A procedure that must come in a request of its own (sign-up): in a batch, one request would act
 * several times for each time the per-request limits count it.
 */
export const alone = t.middleware(async ({ ctx, next }) => {
  if ((ctx.calls ?? 1) > 1) throw new TRPCError({ code: "BAD_REQUEST", message: "This call must be sent alone, not in a batch." });
  return next();
});
export const unbatchedProcedure = publicProcedure.use(alone);

/**
 * Signed in, even while the member's workspace requires two-factor sign-in they have not set up:
 * only for what that set-up needs (the shell, the Security page's two-factor card).
 */
export const signedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.userId) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  await takeRequest("console", `user:${ctx.userId}`, env.CONSOLE_CALLS_PER_MINUTE);
  return next({ ctx: { userId: ctx.userId, sessionId: ctx.sessionId ?? null } });
});

/**
 * A member of a workspace, in the workspace their session acts in (`ctx.workspaceId`), with their
 * role there (`ctx.role`) read on every call and checked against what the procedure needs
 * (server/workspaces/roles.ts).
 */
export const memberProcedure = signedInProcedure.use(async ({ ctx, path, next }) => {
  const { workspaceId, role, mustSetUpTwoFactor } = await currentMembership(ctx);
  if (mustSetUpTwoFactor) throw twoFactorSetUpNeeded();
  requireRole(path, role);
  return next({ ctx: { workspaceId, role } });
});

/** Acting on one project of the member's workspace: `input.projectId`, checked, as `ctx.actor`. */
export const projectProcedure = memberProcedure
  .input(z.object({ projectId: z.string().min(1).max(100) }))
  .use(async ({ ctx, input, next }) => next({ ctx: { actor: await memberProjectActor(ctx, input.projectId) } }));

/** The member's workspace, as `ctx.workspaceId` (every member procedure has it). */
export const workspaceProcedure = memberProcedure;

/** The service's operators (`admin create-user --operator`): rates, tiers, credits. */
export const operatorProcedure = memberProcedure.use(async ({ ctx, next }) => {
  const user = await db().user.findUnique({ where: { id: ctx.userId }, select: { operator: true } });
  if (!user?.operator) throw new TRPCError({ code: "FORBIDDEN", message: "Only operators may do this." });
  return next();
});
