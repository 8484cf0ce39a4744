import { describe, expect, it } from "vitest";
import { returnPath, withReturn } from "./return-path";

describe("returnPath", () => {
  it("keeps a page of this site, with its query", () => {
    expect(returnPath("/invite?token=abc_123")).toBe("/invite?token=abc_123");
    expect(returnPath("/instances/ins_1")).toBe("/instances/ins_1");
  });

  it.each([undefined, ["/a", "/b"], "", "overview", "https://elsewhere.example/", "//elsewhere.example/x", "/\\elsewhere.example", "\\\\elsewhere.example", "/".padEnd(1001, "a")])(
    "goes to the console for %j",
    (value) => {
      expect(returnPath(value)).toBe("/overview");
    },
  );

  it("names the page to come back to on sign-in and sign-up", () => {
    expect(withReturn("/sign-in", "/invite?token=a&b")).toBe("/sign-in?callbackUrl=%2Finvite%3Ftoken%3Da%26b");
    expect(withReturn("/sign-up", "/overview")).toBe("/sign-up");
  });
});
