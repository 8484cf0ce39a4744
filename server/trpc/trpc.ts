// tRPC for the console: the context (who is signed in), the procedures, and the one mapping of
// AppError to tRPC codes (server/errors.ts). Unknown errors become INTERNAL_SERVER_ERROR whose
// message and data reveal nothing; they are logged by the route handler.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { signedInUserId } from "../auth";
import { AppError, errorCodes, internalError, type ErrorCode } from "../errors";

export type Context = { userId: string | null };

export async function createContext(): Promise<Context> {
  return { userId: await signedInUserId() };
}

function describeIssues(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

/** The first problem of each top-level field ("" for the object itself). */
function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
  return fields;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    const invalid = cause instanceof ZodError ? cause : undefined;
    let appCode: ErrorCode | undefined = cause instanceof AppError ? cause.code : undefined;
    if (internal) appCode = "internal_error";
    else if (invalid) appCode = "invalid_body";
    return {
      code: shape.code,
      message: internal ? internalError().message : invalid ? describeIssues(invalid) : shape.message,
      // No stack, no cause: only what the console needs to show the error next to the right field.
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        ...(appCode && { appCode }),
        ...(cause instanceof AppError && cause.extra.param && { param: cause.extra.param }),
        ...(invalid && { fieldErrors: fieldErrors(invalid) }),
      },
    };
  },
});

// Services throw AppError; tRPC would wrap it as INTERNAL_SERVER_ERROR. Give it its own code here.
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: errorCodes[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(mapAppErrors);

export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { userId: ctx.userId } });
});
