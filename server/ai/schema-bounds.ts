// The size of what a request's tools and schemas ask the server to hold, walk and compile, measured
// as soon as the request is read (one walk, linear in the body, no compiling): over a limit is a
// 413 naming the field and the limit, before any funds check, count or engine.
import "server-only";
import { AppError } from "../errors";
import { MAX_SCHEMA_BYTES, MAX_SCHEMA_NODES, MAX_TOOLS_BYTES } from "./input-limits";

/** JSON objects in a value (a schema's subschemas, and the maps that hold them). */
export function objectNodes(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length) {
    const node = pending.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node)) count++;
    for (const child of Object.values(node)) if (child !== null && typeof child === "object") pending.push(child);
  }
  return count;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");

/** All the tool definitions together: at most MAX_TOOLS_BYTES. */
export function boundTools(tools: unknown[] | undefined, param = "tools"): void {
  if (!tools?.length) return;
  const bytes = bytesOf(tools);
  if (bytes > MAX_TOOLS_BYTES) {
    throw new AppError("input_too_large", `\`${param}\` is ${bytes} bytes of tool definitions; a request may carry at most ${MAX_TOOLS_BYTES} (MAX_TOOLS_BYTES).`, { param, limit: MAX_TOOLS_BYTES });
  }
}

/**
 * The schemas a request has checked (compiled), together: at most MAX_SCHEMA_BYTES and
 * MAX_SCHEMA_NODES. The first schema that takes the total past either is the one named.
 */
export function boundSchemas(schemas: { param: string; schema: unknown }[]): void {
  let bytes = 0;
  let nodes = 0;
  for (const { param, schema } of schemas) {
    bytes += bytesOf(schema);
    if (bytes > MAX_SCHEMA_BYTES) {
      throw new AppError("input_too_large", `\`${param}\` takes the request's checked schemas past ${MAX_SCHEMA_BYTES} bytes (MAX_SCHEMA_BYTES): send smaller schemas, or fewer strict tools.`, { param, limit: MAX_SCHEMA_BYTES });
    }
    nodes += objectNodes(schema);
    if (nodes > MAX_SCHEMA_NODES) {
      throw new AppError("input_too_large", `\`${param}\` takes the request's checked schemas past ${MAX_SCHEMA_NODES} subschemas (MAX_SCHEMA_NODES): send smaller schemas, or fewer strict tools.`, { param, limit: MAX_SCHEMA_NODES });
    }
  }
}
