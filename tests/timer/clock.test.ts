import { describe, expect, it } from "vitest";
import { clockAt, formatClock } from "@/lib/timer";

const T0 = 1_800_000_000_000;
const min = 60_000;

describe("round clock (Tag Duel 30-minute rounds, RULES §1.4)", () => {
  it("not started: full time, no end", () => {
    expect(clockAt(30, [], T0)).toEqual({ status: "NOT_STARTED", remainingMs: 30 * min, totalMs: 30 * min, endsAt: null });
  });
  it("running: 12 minutes in, 18 left and ends at start + 30", () => {
    const c = clockAt(30, [{ action: "START", at: T0 }], T0 + 12 * min);
    expect(c).toEqual({ status: "RUNNING", remainingMs: 18 * min, totalMs: 30 * min, endsAt: T0 + 30 * min });
  });
  it("pause/resume/add-time sequence gives exact remaining time", () => {
    const log = [
      { action: "START" as const, at: T0 },
      { action: "PAUSE" as const, at: T0 + 5 * min },
      { action: "ADD" as const, at: T0 + 6 * min, seconds: 180 },
      { action: "RESUME" as const, at: T0 + 10 * min },
    ];
    // used: 5 min before the pause + 7 min after resume = 12; total 33 → 21 left.
    const c = clockAt(30, log, T0 + 17 * min);
    expect(c.status).toBe("RUNNING");
    expect(c.remainingMs).toBe(21 * min);
    expect(c.endsAt).toBe(T0 + 38 * min);
    expect(clockAt(30, log, T0 + 8 * min)).toMatchObject({ status: "PAUSED", remainingMs: 28 * min });
  });
  it("expires at zero and never goes negative; a second START is ignored", () => {
    const log = [
      { action: "START" as const, at: T0 },
      { action: "START" as const, at: T0 + 20 * min },
    ];
    expect(clockAt(30, log, T0 + 31 * min)).toEqual({ status: "EXPIRED", remainingMs: 0, totalMs: 30 * min, endsAt: null });
  });
  it("activations after now are not applied yet (log order independent)", () => {
    const log = [
      { action: "PAUSE" as const, at: T0 + 10 * min },
      { action: "START" as const, at: T0 },
    ];
    expect(clockAt(30, log, T0 + 4 * min).remainingMs).toBe(26 * min);
    expect(clockAt(30, log, T0 + 20 * min)).toMatchObject({ status: "PAUSED", remainingMs: 20 * min });
  });
  it("formats MM:SS rounding up", () => {
    expect(formatClock(30 * min)).toBe("30:00");
    expect(formatClock(59_001)).toBe("01:00");
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(61 * min)).toBe("1:01:00");
  });
});
