// The retry schedule of webhook deliveries: Retry-After parsing, the steps with their jitter, the
// end of the schedule, Retry-After as the least wait (capped), and the speed factor.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env } from "../env";
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_SCHEDULE_MS, retryAfterMs, retryDelay } from "./schedule";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const STEPS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

const low = () => 0;
const middle = () => 0.5;
const high = () => 1;

const savedSpeed = env.WEBHOOK_RETRY_SPEED;
beforeEach(() => {
  env.WEBHOOK_RETRY_SPEED = 1; // whatever the environment of the test run says
});
afterEach(() => {
  env.WEBHOOK_RETRY_SPEED = savedSpeed;
});

describe("retryAfterMs", () => {
  const now = Date.parse("2025-03-01T12:00:00Z");

  it("reads delay-seconds", () => {
    expect(retryAfterMs("120", now)).toBe(120 * SECOND);
    expect(retryAfterMs("0", now)).toBe(0);
    expect(retryAfterMs("  7 ", now)).toBe(7 * SECOND);
    expect(retryAfterMs("86400", now)).toBe(24 * HOUR);
  });

  it("reads an HTTP date as the time left until it", () => {
    expect(retryAfterMs("Sat, 01 Mar 2025 12:01:30 GMT", now)).toBe(90 * SECOND);
    expect(retryAfterMs("Sun, 02 Mar 2025 12:00:00 GMT", now)).toBe(24 * HOUR);
  });

  it("reads an HTTP date in the past as no wait", () => {
    expect(retryAfterMs("Sat, 01 Mar 2025 11:00:00 GMT", now)).toBe(0);
  });

  it("measures from the current time by default", () => {
    const inOneMinute = new Date(Date.now() + MINUTE).toUTCString();
    const ms = retryAfterMs(inOneMinute);
    expect(ms).toBeGreaterThan(58 * SECOND);
    expect(ms).toBeLessThanOrEqual(MINUTE);
  });

  it("is null when absent", () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs("", now)).toBeNull();
  });

  it("is null for garbage", () => {
    for (const garbage of ["soon", "12abc", "0x10", "later please", "   ", "-5", "1.5", "foo 12", "12/31/2099"]) expect(retryAfterMs(garbage, now), garbage).toBeNull();
  });
});

describe("retryDelay", () => {
  it("follows the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(RETRY_SCHEDULE_MS).toEqual(STEPS);
    expect(STEPS.map((_, i) => retryDelay(i + 1, null, middle))).toEqual(STEPS);
  });

  it("jitters each step by up to 10 % down", () => {
    expect(STEPS.map((_, i) => retryDelay(i + 1, null, low))).toEqual(STEPS.map((step) => Math.round(step * 0.9)));
    expect(retryDelay(1, null, low)).toBe(4_500);
  });

  it("jitters each step by up to 10 % up", () => {
    expect(STEPS.map((_, i) => retryDelay(i + 1, null, high))).toEqual(STEPS.map((step) => Math.round(step * 1.1)));
    expect(retryDelay(2, null, high)).toBe(330_000);
  });

  it("stays within ±10 % and actually spreads with Math.random", () => {
    const draws = Array.from({ length: 500 }, () => retryDelay(3));
    for (const delay of draws) {
      expect(delay).not.toBeNull();
      expect(delay).toBeGreaterThanOrEqual(0.9 * 30 * MINUTE);
      expect(delay).toBeLessThanOrEqual(1.1 * 30 * MINUTE);
      expect(Number.isInteger(delay)).toBe(true);
    }
    expect(new Set(draws).size).toBeGreaterThan(100);
  });

  it("is null once the seven retries are spent", () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(retryDelay(7, null, middle)).toBe(10 * HOUR);
    expect(retryDelay(8, null, middle)).toBeNull();
    expect(retryDelay(9, null, middle)).toBeNull();
    expect(retryDelay(8, 60 * SECOND, middle)).toBeNull();
  });

  it("is null for an attempt number that is not one of the schedule's", () => {
    expect(retryDelay(0, null, middle)).toBeNull();
    expect(retryDelay(-1, null, middle)).toBeNull();
    expect(retryDelay(1.5, null, middle)).toBeNull();
  });

  it("honours Retry-After as the least wait", () => {
    expect(retryDelay(1, 60 * SECOND, middle)).toBe(60 * SECOND);
    expect(retryDelay(1, 60 * SECOND, high)).toBe(60 * SECOND);
    expect(retryDelay(2, 20 * MINUTE, low)).toBe(20 * MINUTE);
  });

  it("keeps the schedule when Retry-After asks for less", () => {
    expect(retryDelay(3, 60 * SECOND, middle)).toBe(30 * MINUTE);
    expect(retryDelay(1, 0, low)).toBe(4_500);
    expect(retryDelay(1, 1_000, middle)).toBe(5 * SECOND);
  });

  it("caps Retry-After at 10 h", () => {
    expect(retryDelay(1, 20 * HOUR, middle)).toBe(10 * HOUR);
    expect(retryDelay(1, 7 * 24 * HOUR, low)).toBe(10 * HOUR);
    expect(retryDelay(1, Number.MAX_SAFE_INTEGER, middle)).toBe(10 * HOUR);
  });

  it("lets a longer jittered step win over a capped Retry-After", () => {
    expect(retryDelay(7, 20 * HOUR, high)).toBe(11 * HOUR);
  });

  it("combines with retryAfterMs", () => {
    expect(retryDelay(1, retryAfterMs("30"), middle)).toBe(30 * SECOND);
    expect(retryDelay(1, retryAfterMs("garbage"), middle)).toBe(5 * SECOND);
  });

  it("scales the schedule, not Retry-After, by WEBHOOK_RETRY_SPEED", () => {
    env.WEBHOOK_RETRY_SPEED = 0.01;
    expect(STEPS.map((_, i) => retryDelay(i + 1, null, middle))).toEqual(STEPS.map((step) => step / 100));
    expect(retryDelay(1, null, low)).toBe(45);
    expect(retryDelay(1, 2 * SECOND, middle)).toBe(2 * SECOND);
    expect(retryDelay(8, null, middle)).toBeNull();
  });

  it("doubles every wait at speed 2", () => {
    env.WEBHOOK_RETRY_SPEED = 2;
    expect(retryDelay(2, null, middle)).toBe(10 * MINUTE);
  });
});

describe("disabling", () => {
  it("disables an endpoint after five days of failures, longer than the whole schedule", () => {
    expect(DISABLE_AFTER_MS).toBe(5 * 24 * HOUR);
    expect(STEPS.reduce((sum, step) => sum + step * 1.1, 0)).toBeLessThan(DISABLE_AFTER_MS);
  });
});
