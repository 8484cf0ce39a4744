// Thinking carried through the client: a block goes back to the family that wrote it as it was
// written; another family's, an edited text, or a forged carrier is left out.
import { describe, expect, it } from "vitest";
import { openThinking, sealThinking } from "./thinking";

describe("thinking carriers", () => {
  const written = { thinking: "The user wants the weather in Oslo.", signature: "vendor-signature-1" };

  it("hide the engine's signature and go back to the family that wrote them as written", () => {
    const sealed = sealThinking("peer-a", written);
    expect("thinking" in sealed && sealed.thinking).toBe(written.thinking);
    expect(JSON.stringify(sealed)).not.toContain("vendor-signature-1");
    expect(JSON.stringify(sealed)).not.toContain("peer-a");
    expect(openThinking("peer-a", sealed)).toEqual(written);
  });

  it("are left out for another family, an edited text, or a carrier that does not open", () => {
    const sealed = sealThinking("peer-a", written) as { thinking: string; signature: string };
    expect(openThinking("peer-b", sealed)).toBeUndefined();
    expect(openThinking("peer-a", { ...sealed, thinking: `${sealed.thinking} And more.` })).toBeUndefined();
    expect(openThinking("peer-a", { ...sealed, signature: written.signature })).toBeUndefined();
    expect(openThinking("peer-a", { ...sealed, signature: `${sealed.signature.slice(0, -2)}AA` })).toBeUndefined();
  });

  it("carry redacted thinking the same way", () => {
    const sealed = sealThinking("peer-a", { redacted: "opaque-vendor-data" });
    expect(JSON.stringify(sealed)).not.toContain("opaque-vendor-data");
    expect(openThinking("peer-a", sealed)).toEqual({ redacted: "opaque-vendor-data" });
    expect(openThinking("peer-b", sealed)).toBeUndefined();
  });
});
