// JSON answers for paths and methods the APIs do not have (Next would answer HTML or an empty 405).
// A 405 names the route's methods in `Allow`, from the same route table as the OpenAPI document.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { AppError, type ErrorShape } from "../errors";
import { newId } from "../ids";
import { allowedMethods } from "./allowed-methods";
import { errorResponse } from "../wire/handle-error";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

/** The API path a mistyped prefix most likely meant (`/api/v1/instances` is `/v1/instances`), if any. */
function meant(pathname: string): string | null {
  const rest = /^\/api\/(?:public\/)?v1(\/.*)?$/.exec(pathname)?.[1] ?? "";
  if (!pathname.startsWith("/api/v1") && !pathname.startsWith("/v1/api")) return null;
  const tail = pathname.startsWith("/v1/api") ? pathname.slice("/v1".length) : rest;
  return [`/v1${tail}`, `/api/public/v1${tail}`, tail].find((candidate) => candidate !== pathname && allowedMethods(candidate).length > 0) ?? null;
}

function answer(code: "not_found" | "method_not_allowed", shape?: ErrorShape) {
  return async (request: Request) => {
    // Said as the caller wrote it: decoded (early-answers.ts has refused what does not decode).
    const pathname = decodeURIComponent(new URL(request.url).pathname);
    const allowed = allowedMethods(pathname);
    if (code === "not_found" && allowed.length === 0) {
      const near = meant(pathname);
      const hint = near ? ` Did you mean ${quoted(near)}? ` : " ";
      return errorResponse(new AppError(code, `No route ${request.method} ${quoted(pathname)}.${hint}See /docs for the routes.`), newId("req"), {}, shape);
    }
    const takes = allowed.length ? `; it takes ${allowed.join(", ")}` : "";
    const message = `${request.method} is not allowed on ${quoted(pathname)}${takes}. See /docs for the routes.`;
    return errorResponse(new AppError("method_not_allowed", message), newId("req"), { Allow: allowed.join(", ") }, shape);
  };
}

const everyMethod = (code: "not_found" | "method_not_allowed", shape?: ErrorShape) =>
  Object.fromEntries(METHODS.map((m) => [m, answer(code, shape)])) as Record<Method, ReturnType<typeof answer>>;

/** Every method answers 404: for the catch-all routes under the API prefixes. */
export const notFound = everyMethod("not_found");

/** Every method answers 405: spread the methods a route does not serve from it. */
export const methodNotAllowed = everyMethod("method_not_allowed");

/** Both, with error bodies in a door's own shape (its routes and its catch-all). */
export const notRoutedIn = (shape: ErrorShape) => ({ notFound: everyMethod("not_found", shape), methodNotAllowed: everyMethod("method_not_allowed", shape) });
