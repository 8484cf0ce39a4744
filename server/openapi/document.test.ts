// The OpenAPI document is a valid 3.1 document, and it lists exactly the public routes that exist
// on disk, each with the scope and rate-limit bucket its route file passes to withApiKey.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildDocument, openApiDocument } from "./document";
import { publicRoutesOnDisk, routesOf } from "../../test/kits/route-files";

const document = buildDocument();
const onDisk = publicRoutesOnDisk();
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  "x-required-scope"?: string;
  "x-rate-limit-bucket"?: string;
};

const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method] as unknown as Operation })),
);

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has every $ref pointing at a component that exists", () => {
    const json = JSON.stringify(document);
    const refs = new Set([...json.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`));
    expect(refs.size).toBeGreaterThan(10);
    const components = document.components as Record<string, Record<string, unknown>>;
    for (const ref of refs) {
      const [kind, name] = ref.split("/");
      expect(components[kind]?.[name], ref).toBeDefined();
    }
  });

  it("is built once per process", () => {
    expect(openApiDocument()).toBe(openApiDocument());
  });

  it("has unique operation ids", () => {
    const ids = documented.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("route coverage", () => {
  it("finds the route files of both APIs", () => {
    const found = onDisk.map((r) => `${r.method} ${r.path}`);
    expect(found).toEqual(expect.arrayContaining(["POST /api/public/v1/ai/completions", "GET /api/public/v1/ai/products", "POST /v1/instances", "DELETE /v1/api_keys/{id}"]));
    expect(found.some((route) => route.includes("..."))).toBe(false);
  });

  for (const route of onDisk) {
    it(`documents ${route.method} ${route.path} (${route.file}) with its scope and bucket`, () => {
      const op = document.paths?.[route.path]?.[route.method.toLowerCase() as (typeof METHODS)[number]] as Operation | undefined;
      expect(op, `${route.method} ${route.path} is missing from server/openapi: register it in a paths-*.ts file`).toBeDefined();
      expect(op!["x-required-scope"]).toBe(route.scope ?? undefined);
      expect(op!["x-rate-limit-bucket"]).toBe(route.scope ? route.bucket : undefined);
      expect(op!.security).toEqual(route.scope ? [{ apiKey: [] }] : []);
    });
  }

  it("lists no route that does not exist", () => {
    const existing = new Set(onDisk.map((r) => `${r.method} ${r.path}`));
    const extra = documented.map(({ method, path }) => `${method.toUpperCase()} ${path}`).filter((route) => !existing.has(route));
    expect(extra).toEqual([]);
  });
});

describe("what every operation of a kind carries", () => {
  it("takes Idempotency-Key on every keyed POST, PATCH and DELETE, and nowhere else", () => {
    for (const { method, path, op } of documented) {
      const takes = (op.parameters ?? []).some((p) => p.$ref === "#/components/parameters/IdempotencyKey");
      expect(takes, `${method} ${path}`).toBe(op.security.length > 0 && method !== "get");
    }
    expect(documented.filter(({ path, method }) => path.startsWith("/v1/") && method !== "get").length).toBeGreaterThan(5);
  });

  it("answers keyed operations' auth, scope and rate-limit errors, and describes every error with the envelope (its door's, on a door of its own shape)", () => {
    for (const { method, path, op } of documented) {
      const envelope = path.startsWith("/api/public/v1/anthropic/") ? "AnthropicError" : "Error";
      const statuses = Object.keys(op.responses);
      if (op["x-required-scope"]) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403", "429"]));
      expect(statuses, `${method} ${path}`).toContain("500");
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(op.responses[status].content?.["application/json"], `${method} ${path} ${status}`).toEqual({ schema: { $ref: `#/components/schemas/${envelope}` } });
      }
    }
  });

  it("documents the event stream of every generation endpoint", () => {
    const generation = documented.filter(({ op }) => op["x-rate-limit-bucket"] === "generate");
    expect(generation.length).toBe(6);
    for (const { op } of generation) expect(Object.keys(op.responses["200"].content ?? {})).toEqual(["application/json", "text/event-stream"]);
  });
});

describe("route file parsing", () => {
  it("reads scope and bucket, skips the 405 stubs, and refuses a method it cannot read", () => {
    const source = [
      'export const POST = withApiKey(generationHandler("code"), { scope: "read_write", bucket: "generate" });',
      "export const { GET, PUT } = methodNotAllowed;",
      "export const { PATCH } = anthropicNotRouted.methodNotAllowed;",
      'export const dynamic = "force-dynamic";',
    ].join("\n");
    expect(routesOf(source, "/x", "x.ts")).toEqual([{ method: "POST", path: "/x", scope: "read_write", bucket: "generate", file: "x.ts" }]);
    expect(() => routesOf("export async function GET() {}", "/x", "x.ts")).toThrow(/neither withApiKey/);
    expect(() => routesOf("export const GET = handler;", "/x", "x.ts")).toThrow(/neither withApiKey/);
    expect(() => routesOf("export const { GET } = notFound;", "/x", "x.ts")).toThrow(/unknown shape/);
  });
});
