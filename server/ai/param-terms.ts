// A refusal of the generation request in a door's own field names: each door maps the native
// request's `param` (and the same name quoted in the message) onto the field its client sent.
import "server-only";
import { AppError } from "../errors";

/** Applied in order to the native `param`: the first that matches rewrites it. */
export type ParamRenames = readonly (readonly [from: RegExp, to: string])[];

export function inTermsOf(error: unknown, renames: ParamRenames): unknown {
  if (!(error instanceof AppError) || typeof error.extra.param !== "string") return error;
  const native = error.extra.param;
  const rename = renames.find(([from]) => from.test(native));
  if (!rename) return error;
  const param = native.replace(rename[0], rename[1]);
  return new AppError(error.code, error.message.replaceAll(`\`${native}\``, `\`${param}\``), { ...error.extra, param });
}
