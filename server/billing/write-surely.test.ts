// Settlements are written whatever the database does meanwhile: transient failures are retried
// until the write goes through; anything else (a refusal, a bug) is thrown at once.
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { writeSurely } from "./write-surely";

const terminated = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
const noSleep = async () => undefined;

describe("writeSurely", () => {
  it("retries a write the database dropped until it is written", async () => {
    let tries = 0;
    const written = await writeSurely("test", async () => {
      if (++tries < 4) throw terminated();
      return "settled";
    }, { sleep: noSleep });
    expect(written).toBe("settled");
    expect(tries).toBe(4);
  });

  it("throws anything that is not the database being unreachable at once", async () => {
    let tries = 0;
    const refusal = new AppError("not_found", "No reservation.");
    await expect(writeSurely("test", async () => {
      tries++;
      throw refusal;
    }, { sleep: noSleep })).rejects.toBe(refusal);
    expect(tries).toBe(1);
  });

  it("gives up after its time, with the database's error", async () => {
    await expect(writeSurely("test", async () => {
      throw terminated();
    }, { giveUpAfterMs: 200 })).rejects.toThrow("terminating connection");
  });

  it("waits for its turn before each try: no try while ready() says no", async () => {
    let turn = false;
    let waits = 0;
    let tries = 0;
    const written = await writeSurely("test", async () => {
      tries++;
      expect(turn).toBe(true);
      return "given back";
    }, { sleep: async () => void (++waits === 3 && (turn = true)), ready: () => turn });
    expect(written).toBe("given back");
    expect([waits, tries]).toEqual([3, 1]);
  });
});
