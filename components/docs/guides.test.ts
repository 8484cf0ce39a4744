// The reference page's guides: shown on /docs with their nav links, and their native curl bodies
// are requests the API takes as written.
import { describe, expect, it } from "vitest";
import { generationRequest } from "@/server/ai/schema";
import { openApiDocument } from "@/server/openapi/document";
import { GUIDES } from "./guides";
import type { Document } from "./reference-model";
import { referenceHtml } from "./reference-html";

const curlBodies = () => GUIDES.flatMap((g) => g.examples.flatMap((e) => [...e.code.matchAll(/ -d '([\s\S]*?)'\n/g)].map((m) => m[1])));

describe("reference guides", () => {
  it("are on the page, linked from the navigation", () => {
    const page = referenceHtml(openApiDocument() as unknown as Document, { generate: 60, api: 1000 });
    for (const g of GUIDES) {
      expect(page).toContain(`<section class="op" id="${g.id}">`);
      expect(page).toContain(`<a href="#${g.id}"><span>${g.title}</span></a>`);
    }
    expect(page).toContain("event: tool_call");
  });

  it("send native requests the API takes, the second turn with its tool result", () => {
    const bodies = curlBodies();
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(generationRequest.safeParse(JSON.parse(body)).error).toBeUndefined();
    expect(JSON.parse(bodies[1]).messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "tool"]);
  });
});
