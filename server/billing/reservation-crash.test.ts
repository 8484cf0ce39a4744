// A process that reserved and was killed (SIGKILL) leaves a held reservation; after its TTL the
// sweeper (in another process) releases it and no credit is lost. On PGlite this also proves the
// database folder reopens after an unclean stop.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { expect, it, onTestFinished } from "vitest";

const script = join(process.cwd(), "test", "kits", "reservation-crash.ts");

function child(args: string[], env: Record<string, string | undefined>) {
  // node itself with tsx's loader, not the tsx launcher: the launcher runs the script in a child
  // process, and a SIGKILL to the launcher would leave the process holding the reservation alive.
  const proc = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only.mjs", script, ...args], { env: { ...process.env, ...env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] });
  onTestFinished(() => void proc.kill("SIGKILL")); // a failed expectation must not leave it running
  const firstLine = new Promise<any>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    proc.once("exit", (code) => reject(new Error(`child exited with ${code} before printing`)));
  });
  return { proc, firstLine };
}

it("a reservation held by a killed process is released by the sweeper after its TTL", async () => {
  // Its own embedded folder: the two processes open it one after the other, never together.
  const env = process.env.DATABASE_URL ? {} : { DATA_DIR: mkdtempSync(join(tmpdir(), "switchyard-crash-")) };
  const holder = child(["reserve"], { ...env, RESERVATION_TTL: "2" });
  const held = await holder.firstLine;
  expect(held.books).toEqual({ balance: "10000", reserved: "4000", ledger: "10000" });
  const killed = new Promise((resolve) => holder.proc.once("exit", (_code, signal) => resolve(signal)));
  holder.proc.kill("SIGKILL");
  expect(await killed).toBe("SIGKILL");

  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const after = await child(["sweep", held.workspaceId, held.reservationId], env).firstLine;
  expect(after.status).toBe("expired");
  expect(after.swept).toBeGreaterThanOrEqual(1);
  expect(after.books).toEqual({ balance: "10000", reserved: "0", ledger: "10000" });
});

it("a credit lease held by a killed process comes back by itself: the sweeper frees all its holds", async () => {
  const env = process.env.DATABASE_URL ? {} : { DATA_DIR: mkdtempSync(join(tmpdir(), "switchyard-crash-")) };
  const holder = child(["lease"], { ...env, RESERVATION_TTL: "2" });
  const held = await holder.firstLine;
  // Three holds of 1 000 in flight: at most two rows (the first lone, the next two sharing one
  // lease, which may hold more than they do).
  expect(held.rows).toBeLessThan(3);
  expect(held.books).toMatchObject({ balance: "10000", ledger: "10000" });
  expect(Number(held.books.reserved)).toBeGreaterThanOrEqual(3000);
  const killed = new Promise((resolve) => holder.proc.once("exit", (_code, signal) => resolve(signal)));
  holder.proc.kill("SIGKILL");
  expect(await killed).toBe("SIGKILL");

  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const after = await child(["sweep", held.workspaceId, held.reservationId], env).firstLine;
  expect(after).toMatchObject({ status: "expired", held: 0, books: { balance: "10000", reserved: "0", ledger: "10000" } });
});
