/** Issue #6 part B: per-match extensions and the server-clock offset (pure lib/timer helpers). */
import { describe, expect, it } from "vitest";
import { bestOffset, clockAt, matchClockAt, offsetSample } from "@/lib/timer";

const T0 = 1_800_000_000_000;
const min = 60_000;
const start = [{ action: "START" as const, at: T0 }];

describe("matchClockAt: round clock + the match's extensions (issue #6 item 2)", () => {
  it("no extension: same as the round clock, extension 0", () => {
    const c = matchClockAt(50, start, [], T0 + 10 * min);
    expect(c).toEqual({ ...clockAt(50, start, T0 + 10 * min), extensionMs: 0 });
    expect(c.remainingMs).toBe(40 * min);
  });
  it("a 3-minute deck-check extension adds 3 minutes to that match only", () => {
    const ext = [{ action: "ADD" as const, at: T0 + 5 * min, seconds: 180 }];
    const c = matchClockAt(50, start, ext, T0 + 10 * min);
    expect(c.remainingMs).toBe(43 * min);
    expect(c.extensionMs).toBe(180_000);
    expect(c.endsAt).toBe(T0 + 53 * min);
  });
  it("an extension given after the round ran out reopens the match's time", () => {
    const now = T0 + 51 * min;
    expect(clockAt(50, start, now).status).toBe("EXPIRED");
    const c = matchClockAt(50, start, [{ action: "ADD", at: T0 + 50.5 * min, seconds: 120 }], now);
    expect(c).toMatchObject({ status: "RUNNING", remainingMs: 1 * min, extensionMs: 120_000 });
  });
  it("round-wide ADD and pauses still apply; non-ADD rows in the extension list are ignored", () => {
    const log = [...start, { action: "PAUSE" as const, at: T0 + 10 * min }, { action: "ADD" as const, at: T0 + 11 * min, seconds: 60 }];
    const c = matchClockAt(
      30,
      log,
      [
        { action: "ADD", at: T0 + 12 * min, seconds: 90 },
        { action: "RESUME", at: T0 + 12 * min },
      ],
      T0 + 20 * min,
    );
    expect(c).toMatchObject({ status: "PAUSED", remainingMs: 30 * min + 60_000 + 90_000 - 10 * min, extensionMs: 90_000 });
  });
  it("extensions can be negative (a correction)", () => {
    const c = matchClockAt(
      30,
      start,
      [
        { action: "ADD", at: T0, seconds: 120 },
        { action: "ADD", at: T0 + 1, seconds: -60 },
      ],
      T0 + 1,
    );
    expect(c.extensionMs).toBe(60_000);
    expect(c.remainingMs).toBe(31 * min - 1);
    // not yet recorded at T0: only the +2 minutes counts
    expect(
      matchClockAt(
        30,
        start,
        [
          { action: "ADD", at: T0, seconds: 120 },
          { action: "ADD", at: T0 + 1, seconds: -60 },
        ],
        T0,
      ).extensionMs,
    ).toBe(120_000);
  });
});

describe("server clock offset (issue #6 item 5: a phone with a wrong clock shows the right time)", () => {
  it("a phone 3 minutes fast: offset is −3 minutes from the request midpoint", () => {
    const device = T0 + 3 * min;
    expect(offsetSample(device, device + 100, T0 + 50)).toEqual({ offsetMs: -3 * min, rttMs: 100 });
  });
  it("refuses impossible samples", () => {
    expect(offsetSample(10, 5, 0)).toBeNull();
    expect(offsetSample(NaN, 5, 0)).toBeNull();
  });
  it("bestOffset picks the smallest round trip among the recent samples", () => {
    expect(bestOffset([])).toBeNull();
    const s = [
      { offsetMs: 1000, rttMs: 30 },
      { offsetMs: 900, rttMs: 400 },
      { offsetMs: 1010, rttMs: 20 },
      { offsetMs: 950, rttMs: 200 },
    ];
    expect(bestOffset(s)).toBe(1010);
    // outside the window the old precise sample no longer counts
    expect(bestOffset([{ offsetMs: 5, rttMs: 1 }, ...s], 4)).toBe(1010);
    expect(bestOffset([{ offsetMs: 5, rttMs: 1 }, ...s], 5)).toBe(5);
  });
});
