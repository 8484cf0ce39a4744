// JSON Schemas a request brings (a `json_schema` response format, a strict tool's `parameters`):
// bounded as soon as the request is read (schema-bounds.ts), compiled once its credits are known to
// be there, and run on each finished answer, both on the schema engine's thread (schema-engine/),
// never on the event loop. A schema that cannot be compiled is the client's mistake: 400 naming the
// field, in one fixed message that states what is taken (the validator's own words go to the log).
// Draft 2020-12 when the schema says so, else draft-07 (what most clients and OpenAI's structured
// outputs write); `format` is not checked.
import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "../errors";
import { log } from "../log";
import { MAX_PATTERN_CHARS, MAX_SCHEMA_BYTES, MAX_SCHEMA_NODES } from "./input-limits";
import { EngineTimeout, runOnEngine, type EngineReply } from "./schema-engine/thread";

/** A compiled schema: null when the value is valid, else what is wrong, in a few words. */
export type SchemaCheck = (value: unknown) => Promise<string | null>;

const TAKEN =
  `draft-07 or draft 2020-12, at most ${MAX_SCHEMA_BYTES / 1024} KB and ${MAX_SCHEMA_NODES} subschemas over the request's checked schemas, ` +
  `\`$ref\` only within the schema, patterns in RE2 syntax of at most ${MAX_PATTERN_CHARS} characters`;

function refused(reply: EngineReply, param: string): AppError {
  const refusal = reply.refusal!;
  if (refusal.kind === "pattern") {
    const where = [param, ...refusal.path].join(".");
    return new AppError("invalid_body", `\`${where}\` ${refusal.detail}. Patterns are matched in linear time; rewrite it without that, or leave it out.`, { param: where });
  }
  log.info({ param, detail: refusal.detail.slice(0, 500) }, "request schema refused");
  return new AppError("invalid_body", `\`${param}\` is not a JSON Schema this service can check (${TAKEN}).`, { param });
}

const tooSlow = (param: string) =>
  new AppError("invalid_body", `\`${param}\` is too costly to compile: send a smaller schema (${TAKEN}).`, { param });

export async function compileSchema(schema: Record<string, unknown>, param: string): Promise<SchemaCheck> {
  const { $schema, ...rest } = schema;
  const draft = typeof $schema === "string" && $schema.includes("2020-12") ? "2020-12" : "draft-07";
  const key = createHash("sha256").update(draft).update("\n").update(JSON.stringify(rest)).digest("base64url");
  const job = { key, schema: rest, draft, maxPatternChars: MAX_PATTERN_CHARS } as const;
  const compiled = await runOnEngine({ op: "compile", ...job }).catch((error: unknown) => {
    if (error instanceof EngineTimeout) throw tooSlow(param);
    // The engine's thread died on it (out of its memory): the schema is what it could not take.
    log.warn({ param, err: error instanceof Error ? error.message : String(error) }, "schema engine stopped while compiling a request schema");
    throw tooSlow(param);
  });
  if (compiled.refusal) throw refused(compiled, param);
  return async (value) => {
    try {
      const checked = await runOnEngine({ op: "check", ...job, value });
      return checked.refusal ? "could not be checked" : (checked.problem ?? null);
    } catch (error) {
      return error instanceof EngineTimeout ? "could not be checked in time" : "could not be checked";
    }
  };
}
