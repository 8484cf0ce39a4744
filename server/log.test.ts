// Secrets never reach a log line, however deep in the logged object they sit.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { makeLogger } from "./log";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  return { logger: makeLogger(stream), lines };
}

describe("log redaction", () => {
  it("redacts secret fields at any depth and keeps the rest", () => {
    const { logger, lines } = capture();
    logger.info(
      { key: "swk_top", user: { password: "hunter22", profile: { token: "tok_deep", name: "Ada" } }, hooks: [{ secret: "whsec_x", id: "whk_1" }], request: { headers: { authorization: "Bearer swk_y", Cookie: "session=z" } }, prompt: "my private text" },
      "something happened",
    );
    const line = lines.join("");
    for (const secret of ["swk_top", "hunter22", "tok_deep", "whsec_x", "Bearer swk_y", "session=z", "my private text"]) expect(line).not.toContain(secret);
    const parsed = JSON.parse(line);
    expect(parsed.user.profile).toEqual({ token: "[redacted]", name: "Ada" });
    expect(parsed.hooks[0]).toEqual({ secret: "[redacted]", id: "whk_1" });
    expect(parsed.msg).toBe("something happened");
  });

  it("leaves errors alone (pino serialises them)", () => {
    const { logger, lines } = capture();
    logger.error({ err: new Error("boom") }, "failed");
    expect(JSON.parse(lines[0]).err.message).toBe("boom");
  });
});
