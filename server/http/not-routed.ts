// JSON answers for paths and methods the APIs do not have (Next would answer HTML or an empty 405).
import { AppError } from "../errors";
import { newId } from "../ids";
import { errorResponse } from "./handle-error";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

function answer(code: "not_found" | "method_not_allowed") {
  return async (request: Request) => {
    const { pathname } = new URL(request.url);
    const message =
      code === "not_found"
        ? `No route ${request.method} ${pathname}. See /docs for the routes.`
        : `${request.method} is not allowed on ${pathname}.`;
    return errorResponse(new AppError(code, message), newId("req"));
  };
}

/** Every method answers 404: for the catch-all routes under the API prefixes. */
export const notFound = Object.fromEntries(METHODS.map((m) => [m, answer("not_found")])) as Record<Method, ReturnType<typeof answer>>;

/** Every method answers 405: spread the methods a route does not serve from it. */
export const methodNotAllowed = Object.fromEntries(
  METHODS.map((m) => [m, answer("method_not_allowed")]),
) as Record<Method, ReturnType<typeof answer>>;
