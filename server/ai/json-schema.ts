// JSON Schemas a request brings (a `json_schema` response format, a strict tool's `parameters`),
// compiled once when the request is prepared and run on each finished answer. A schema that cannot
// be compiled is the client's mistake: 400 naming the field. Draft 2020-12 when the schema says so,
// else draft-07 (what most clients and OpenAI's structured outputs write); `format` is not checked.
import "server-only";
import Ajv, { type AnySchema, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { AppError } from "../errors";

const options = { strict: false, allErrors: false, validateFormats: false } as const;
const draft07 = new Ajv(options);
const draft2020 = new Ajv2020(options);

/** A compiled schema: null when the value is valid, else what is wrong, in a few words. */
export type SchemaCheck = (value: unknown) => string | null;

export function compileSchema(schema: Record<string, unknown>, param: string): SchemaCheck {
  const { $schema, ...rest } = schema;
  const ajv = typeof $schema === "string" && $schema.includes("2020-12") ? draft2020 : draft07;
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(rest as AnySchema);
  } catch (error) {
    throw new AppError("invalid_body", `\`${param}\` is not a JSON Schema this service can check: ${(error as Error).message}.`, { param });
  } finally {
    // Each request brings its own schemas: none stays in the validator's cache.
    ajv.removeSchema(rest as AnySchema);
  }
  return (value) => {
    if (validate(value)) return null;
    const first = validate.errors?.[0];
    return first ? `${first.instancePath || "the value"} ${first.message ?? "is not valid"}` : "not valid";
  };
}
