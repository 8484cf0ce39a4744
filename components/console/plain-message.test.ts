import { describe, expect, it } from "vitest";
import { plainMessage } from "./plain-message";

describe("plainMessage", () => {
  it("drops backticks and says what an id is", () => {
    expect(plainMessage("This public key is already in this project as ssh_01m8xq2v3k4n5p6r7s8t9v0w1x.")).toBe("This public key is already in this project as another SSH key.");
    expect(plainMessage("`name` must be at most 100 characters")).toBe("name must be at most 100 characters");
  });
  it("keeps a quoted value as sent: its backticks, ids and words stay", () => {
    expect(plainMessage('The domain name "not a domain" has `x`.')).toBe('The domain name "not a domain" has x.');
    expect(plainMessage('No instance "ins_01m8xq2v3k4n5p6r7s8t9v0w1x" in this project.')).toBe('No instance "ins_01m8xq2v3k4n5p6r7s8t9v0w1x" in this project.');
    expect(plainMessage('The name "a`b \\"c`" is taken by `ssh_01m8xq2v3k4n5p6r7s8t9v0w1x`.')).toBe('The name "a`b \\"c`" is taken by another SSH key.');
  });
  it("says a network failure in words", () => {
    expect(plainMessage("Failed to fetch")).toMatch(/could not be reached/);
  });
  it("leaves a plain message as it is", () => {
    expect(plainMessage("Enter a number, or leave it empty.")).toBe("Enter a number, or leave it empty.");
  });
});
