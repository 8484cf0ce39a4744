// The router's procedures as the end-to-end specs read them from the source files are the
// router's own: a procedure the reader misses (or misreads) would escape the audit walk.
import { describe, expect, it } from "vitest";
import { proceduresOnDisk } from "../../test/kits/trpc-procedures";
import { appRouter } from "./root";

describe("tRPC procedures read from the source files", () => {
  it("are the router's, each with its type", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const fromRouter = Object.entries(procedures).map(([path, procedure]) => ({ path, type: procedure._def.type })).sort((a, b) => a.path.localeCompare(b.path));
    expect(proceduresOnDisk().sort((a, b) => a.path.localeCompare(b.path))).toEqual(fromRouter);
  });
});
