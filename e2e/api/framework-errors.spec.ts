// Requests the framework used to refuse in plain text (a 500 "Internal Server Error" or an HTML
// page): every one is answered in the contract's JSON error shape.
import { expect, test } from "@playwright/test";
import { rawRequest } from "../fixtures/raw-http";
import { state } from "../fixtures/state";

const errorShape = (body: string) => {
  const parsed = JSON.parse(body);
  expect(parsed.error).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String), request_id: expect.stringMatching(/^req_/) });
  return parsed.error;
};

for (const path of ["/v1/instances", "/api/public/v1/ai/completions", "/", "/api/health"]) {
  test(`TRACE ${path} is a JSON 405`, async () => {
    const answer = await rawRequest(state().baseURL, `TRACE ${path} HTTP/1.1`);
    expect(answer.status).toBe(405);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(errorShape(answer.body).code).toBe("method_not_allowed");
  });
}

for (const path of ["/v1/instances/%C0%AE%C0%AE", "/api/public/v1/%E0%A4%A", "/v1/%", "/v1/instances/%FF/backups"]) {
  test(`an undecodable path (${path}) is a JSON 404 (no resource has such a name)`, async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const answer = await rawRequest(state().baseURL, `${method} ${path} HTTP/1.1`);
      expect(answer.status, method).toBe(404);
      expect(answer.headers["content-type"]).toContain("application/json");
      const error = errorShape(answer.body);
      expect(error.code).toBe("not_found");
      expect(error.message).toContain("percent-encoding");
    }
  });
}

for (const [path, plain] of [["/v1/instances/", "/v1/instances"], ["/api/public/v1/usage//?days=7", "/api/public/v1/usage?days=7"]]) {
  test(`an API path with a trailing slash (${path}) is served as the path, not a plain-text 308`, async () => {
    const [slashed, bare] = [await rawRequest(state().baseURL, `GET ${path} HTTP/1.1`), await rawRequest(state().baseURL, `GET ${plain} HTTP/1.1`)];
    expect(slashed.status).toBe(bare.status);
    expect(slashed.headers["content-type"]).toContain("application/json");
    expect(errorShape(slashed.body).code).toBe(errorShape(bare.body).code);
  });
}

for (const path of ["/api/v1/instances", "/api/v1", "/api", "/api/nope/deeper", "/api/auth/nope", "/v1", "/v1/nope/deeper", "/api/public/v1/nope"]) {
  test(`an unknown API path (${path}) is a JSON 404, never a page`, async () => {
    for (const method of ["GET", "POST"]) {
      const answer = await rawRequest(state().baseURL, `${method} ${path} HTTP/1.1`);
      expect(answer.status, method).toBe(404);
      expect(answer.headers["content-type"], method).toContain("application/json");
      expect(errorShape(answer.body).code, method).toBe("not_found");
    }
  });
}

test("a mistyped /api/v1 prefix is told the path it likely meant", async () => {
  const answer = await rawRequest(state().baseURL, "GET /api/v1/instances HTTP/1.1");
  expect(errorShape(answer.body).message).toContain('Did you mean "/v1/instances"?');
});
