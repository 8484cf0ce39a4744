import { describe, expect, it } from "vitest";
import { ledgerCsv } from "./ledger-csv";

const row = { id: "txn_1", type: "charge", amount: -0.000125, balance_after: 4.99, description: "Generation gen_1 (scholar)", resource: "gen_1", project_id: "prj_1", created_at: "2026-12-01T10:00:00.000Z" };

describe("ledgerCsv", () => {
  it("writes a header and one line per row, amounts with six decimals", () => {
    expect(ledgerCsv([row], () => "Default project").split("\r\n")).toEqual([
      "id,created_at,type,amount,balance_after,description,resource,project_id,project",
      "txn_1,2026-12-01T10:00:00.000Z,charge,-0.000125,4.990000,Generation gen_1 (scholar),gen_1,prj_1,Default project",
      "",
    ]);
  });
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    const odd = { ...row, description: 'Top-up, "card"\nsecond line', project_id: "prj_2" };
    const line = ledgerCsv([odd], () => "=HYPERLINK(1)").split("\r\n")[1];
    expect(line).toContain('"Top-up, ""card""\nsecond line"');
    expect(line.endsWith(",prj_2,'=HYPERLINK(1)")).toBe(true);
  });
});
