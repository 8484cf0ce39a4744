// What the console sends is checked on the wire, before superjson copies it (recursively): JSON
// nested thousands deep and lone surrogates answer 400 invalid_body naming the field, never a
// stack overflow.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { appRouter } from "./root";

async function post(path: string, body: string) {
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://x/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body }),
    router: appRouter,
    createContext: async () => ({ userId: null }),
  });
  return { status: res.status, error: (await res.json()).error.json };
}

describe("console input on the wire", () => {
  it("JSON nested 100,000 deep is invalid_body naming where", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const answer = await post("account.signUp", `{"json":{"email":"deep@wire.test","x":${deep}}}`);
    expect(answer.status).toBe(400);
    expect(answer.error.data).toMatchObject({ code: "BAD_REQUEST", appCode: "invalid_body", param: "x.0.0.0.0.0.0.0.…" });
    expect(answer.error.message).toContain("nested more than 64 levels");
  });

  it("a lone surrogate is invalid_body naming the field", async () => {
    const answer = await post("account.signUp", '{"json":{"email":"a@wire.test","name":"x\\udfff","password":"a-long-enough-password"}}');
    expect(answer.status).toBe(400);
    expect(answer.error.data).toMatchObject({ appCode: "invalid_body", param: "name" });
  });
});
