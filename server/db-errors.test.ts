import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./db-errors";

describe("isUniqueViolation", () => {
  it("recognises Prisma's P2002 (PostgreSQL through @prisma/adapter-pg)", () => {
    expect(isUniqueViolation(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(true);
  });

  it("recognises the raw SQLSTATE 23505 that pglite-prisma-adapter passes through", () => {
    const error = Object.assign(new Error("duplicate key"), { name: "DriverAdapterError", cause: { kind: "postgres", code: "23505" } });
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("leaves every other error alone", () => {
    const notNull = Object.assign(new Error("null value"), { name: "DriverAdapterError", cause: { kind: "postgres", code: "23502" } });
    for (const error of [notNull, new Error("boom"), null, undefined, "P2002", { code: "P2025" }]) {
      expect(isUniqueViolation(error)).toBe(false);
    }
  });
});
