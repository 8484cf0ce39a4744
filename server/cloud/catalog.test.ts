import { describe, expect, it } from "vitest";
import { resizeRefusal } from "./catalog";

describe("resizing never shrinks the disk", () => {
  it("allows the same disk or a larger one", () => {
    expect(resizeRefusal("s-1vcpu-1gb", "s-2vcpu-4gb")).toBeNull();
    expect(resizeRefusal("s-2vcpu-4gb", "m-8vcpu-64gb")).toBeNull();
  });
  it("refuses a smaller disk, naming the plans allowed, smallest first", () => {
    expect(resizeRefusal("c-4vcpu-8gb", "s-1vcpu-1gb")).toBe(
      "Plan s-1vcpu-1gb has a disk of 25 GB, smaller than the 160 GB of plan c-4vcpu-8gb; a resize never shrinks the disk. Pick m-8vcpu-64gb.",
    );
    expect(resizeRefusal("s-2vcpu-4gb", "s-1vcpu-1gb")).toContain("Pick c-4vcpu-8gb or m-8vcpu-64gb.");
  });
  it("says so when no larger plan exists", () => {
    expect(resizeRefusal("m-8vcpu-64gb", "s-2vcpu-4gb")).toBe(
      "Plan s-2vcpu-4gb has a disk of 80 GB, smaller than the 320 GB of plan m-8vcpu-64gb; a resize never shrinks the disk, and no plan has a larger disk.",
    );
  });
});
