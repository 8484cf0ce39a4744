import { closeSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stillWorking } from "./start-phases";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("stillWorking", () => {
  it("speaks while the main thread is blocked (the embedded database's WebAssembly blocks it), and not after stop", async () => {
    const file = join(tmpdir(), `still-working-${process.pid}.txt`);
    const fd = openSync(file, "w");
    try {
      const watch = stillWorking("Migrating the database", Date.now(), 500, fd);
      await wait(300); // the watcher's thread starts
      const end = Date.now() + 2_500;
      while (Date.now() < end) {
        // busy: no timer of this thread can fire
      }
      watch.stop();
      await wait(100);
      const said = readFileSync(file, "utf8").trimEnd().split("\n");
      expect(said.length).toBeGreaterThanOrEqual(2);
      expect(said[0]).toMatch(/^ {2}\.\.\. migrating the database, \d+\.\d s so far$/);
      await wait(1_200);
      expect(readFileSync(file, "utf8").trimEnd().split("\n")).toHaveLength(said.length);
    } finally {
      closeSync(fd);
      rmSync(file, { force: true });
    }
  });

  it("stays quiet while it hears output", async () => {
    const file = join(tmpdir(), `still-working-heard-${process.pid}.txt`);
    const fd = openSync(file, "w");
    try {
      const watch = stillWorking("Building the app", Date.now(), 800, fd);
      for (let i = 0; i < 12; i++) {
        watch.heard();
        await wait(200);
      }
      watch.stop();
      expect(readFileSync(file, "utf8")).toBe("");
    } finally {
      closeSync(fd);
      rmSync(file, { force: true });
    }
  });
});
