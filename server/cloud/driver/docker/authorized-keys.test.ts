// Root's authorized_keys: the instance's key added to what a restored disk holds, each key once.
import { describe, expect, it } from "vitest";
import { mergeKeys } from "./authorized-keys";

describe("authorized keys", () => {
  it("adds a key once, compared by type and blob, keeping the keys already there", () => {
    expect(mergeKeys("", ["ssh-ed25519 AAAA laptop"])).toBe("ssh-ed25519 AAAA laptop\n");
    expect(mergeKeys("ssh-rsa BBBB old\n", ["ssh-ed25519 AAAA laptop"])).toBe("ssh-rsa BBBB old\nssh-ed25519 AAAA laptop\n");
    expect(mergeKeys("ssh-ed25519 AAAA renamed\n", ["ssh-ed25519 AAAA laptop"])).toBe("ssh-ed25519 AAAA renamed\n");
    expect(mergeKeys("", [])).toBe("");
  });
});
