import { describe, expect, it } from "vitest";
import { momentText } from "./moment";

const now = Date.parse("2026-12-01T12:00:00Z");
const ago = (ms: number) => new Date(now - ms);

describe("momentText", () => {
  it("is relative within a week when asked, absolute past it or when not asked", () => {
    expect(momentText(ago(10_000), { relative: true, now })).toBe("just now");
    expect(momentText(ago(5 * 60_000), { relative: true, now })).toMatch(/5 min\.? ago/);
    expect(momentText(ago(-3 * 3600_000), { relative: true, now })).toMatch(/in 3 hr?\.?/);
    expect(momentText(ago(2 * 86400_000), { relative: true, now })).toMatch(/2 days ago/);
    const old = ago(30 * 86400_000);
    expect(momentText(old, { relative: true, now })).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(old));
    expect(momentText(ago(5 * 60_000), { now })).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(ago(5 * 60_000)));
  });
});
