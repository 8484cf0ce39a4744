import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("takes the first X-Forwarded-For entry", () => {
    expect(clientAddress("203.0.113.9, 10.0.0.1")).toBe("203.0.113.9");
    expect(clientAddress("2001:db8::1")).toBe("2001:db8::1");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientAddress("::ffff:7f00:1")).toBe("::ffff:7f00:1");
  });

  it("is null when there is no address", () => {
    expect(clientAddress(undefined)).toBeNull();
    expect(clientAddress("")).toBeNull();
    expect(clientAddress(["203.0.113.9"])).toBeNull();
  });
});
