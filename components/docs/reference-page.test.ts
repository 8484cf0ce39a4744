// The reference page teaches what the server does: the error codes table comes from the one error
// list (server/errors.ts), every operation has a curl example whose body the API takes as written,
// enums are listed whole, and the examples carry the server's real values.
import { describe, expect, it } from "vitest";
import { errorCodes } from "@/server/errors";
import { openApiDocument } from "@/server/openapi/document";
import { operations } from "@/server/openapi/operations";
import type { Document } from "./reference-model";
import { referenceModel } from "./reference-model";
import { referenceHtml } from "./reference-html";

const document = openApiDocument() as unknown as Document;
const limits = { generate: 60, api: 1000 };
const page = referenceHtml(document, limits);
const views = referenceModel(document).flatMap((tag) => tag.operations);

describe("the reference page", () => {
  it("has the error codes table: one row per code of the error list, with its status, meaning and what to do", () => {
    const rows = [...page.matchAll(/<tr id="error-(\w+)"><td><code>(\w+)<\/code><\/td><td>(\d+)<\/td><td>(.+?)<\/td><td>(.+?)<\/td><\/tr>/g)];
    expect(rows.map((row) => row[1])).toEqual(Object.keys(errorCodes));
    for (const [, code, , status, meaning, action] of rows) {
      expect(Number(status)).toBe(errorCodes[code as keyof typeof errorCodes].status);
      expect(meaning.length).toBeGreaterThan(5);
      expect(action.length).toBeGreaterThan(5);
    }
    expect(page).toContain('id="error-codes"');
  });

  it("has a curl example for every operation, whose body the operation's request schema takes", () => {
    for (const op of operations) {
      const view = views.find((v) => v.method === op.method.toUpperCase() && v.path === op.path)!;
      expect(view.curl, `${op.method} ${op.path}`).toMatch(/^curl /);
      expect(page).toContain(view.curl.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
      const body = view.curl.match(/ -d '([\s\S]*)'$/)?.[1];
      if (op.body) {
        expect(body, `${op.method} ${op.path}`).toBeDefined();
        expect(op.body.safeParse(JSON.parse(body!)).error, `${op.method} ${op.path}`).toBeUndefined();
      } else expect(body).toBeUndefined();
    }
  });

  it("lists enums whole, and every field of a union's variants (the image part's url)", () => {
    expect(page).not.toMatch(/values\)/);
    expect(page).toContain("<code>messages[].content[].url</code>");
  });

  it("gives the rate-limit headers with the tier's real limits", () => {
    expect(page).toContain('RateLimit-Policy: &quot;api&quot;;q=1000;w=60');
    expect(page).not.toContain("q=300");
  });
});
