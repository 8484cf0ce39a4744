import { describe, expect, it } from "vitest";
import { publicRoutesOnDisk } from "../../test/kits/route-files";
import { allowedMethods, routeTemplate } from "./allowed-methods";

describe("allowedMethods", () => {
  it("names exactly the methods each route file serves", () => {
    const byPath = new Map<string, string[]>();
    for (const route of publicRoutesOnDisk()) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
    expect(byPath.size).toBeGreaterThan(20);
    for (const [path, methods] of byPath) {
      const concrete = path.replace(/\{\w+\}/g, "x_1");
      expect(allowedMethods(concrete).sort(), path).toEqual([...methods].sort());
    }
  });

  it("is empty for a path no route has", () => {
    expect(allowedMethods("/v1/nothing/here")).toEqual([]);
    expect(allowedMethods("/api/public/v1/ai")).toEqual([]);
  });
});

describe("routeTemplate (the route label of metrics)", () => {
  it("names a path by its route, never by its ids", () => {
    expect(routeTemplate("/v1/api_keys/key_01abc")).toBe("/v1/api_keys/{id}");
    expect(routeTemplate("/v1/api_keys")).toBe("/v1/api_keys");
    expect(routeTemplate("/api/public/v1/ai/completions")).toBe("/api/public/v1/ai/completions");
    expect(routeTemplate("/v1/whatever/key_01abc/secret")).toBe("other");
  });
});
