import { describe, expect, it } from "vitest";
import { describeJsonFault, jsonFault } from "./json-fault";

const said = (text: string) => {
  const fault = jsonFault(text);
  return fault && describeJsonFault(fault);
};

describe("jsonFault", () => {
  it("says the line and column of the first fault", () => {
    expect(said('{"a": }')).toBe("line 1, column 7: a value was expected");
    expect(said('{\n  "prompt": "hi",\n  oops\n}')).toBe("line 3, column 3: this is not a JSON value (strings need double quotes)");
    expect(said('{"a": 1,}')).toBe("line 1, column 9: a property name in double quotes was expected (no trailing commas)");
    expect(said("[1, 2")).toBe("line 1, column 6: a `]` was expected");
    expect(said('{"a": "x\ty"}')).toMatch(/^line 1, column 7: a string holds a raw control character/);
    expect(said("{} x")).toMatch(/^line 1, column 4: /);
    expect(said("\r\n\r\n{,}")).toMatch(/^line 3, column 2:/);
    expect(said("   ")).toBe("it is empty");
  });
  it("finds nothing wrong where JSON.parse takes the text", () => {
    for (const text of ['{"a": [1, 2.5e3, null, true, "\\u00e9"]}', "0", '"x"']) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(jsonFault(text)).toBeNull();
    }
  });
});
