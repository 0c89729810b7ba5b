/**
 * Wall-clock times in the event's time zone (lib/dates/zoned.ts): what the organizer types in a
 * `datetime-local` field is read in the event's zone, not the server's.
 */
import { describe, expect, it } from "vitest";
import { instantOfWallTime, wallTimeIn } from "@/lib/dates/zoned";

describe("wall times in the event's time zone", () => {
  it("Rome in winter is UTC+1, in summer UTC+2; São Paulo is UTC−3; UTC is itself", () => {
    expect(instantOfWallTime("2026-12-05T10:00", "Europe/Rome").toISOString()).toBe("2026-12-05T09:00:00.000Z");
    expect(instantOfWallTime("2026-07-05T10:00", "Europe/Rome").toISOString()).toBe("2026-07-05T08:00:00.000Z");
    expect(instantOfWallTime("2026-12-05T10:00", "America/Sao_Paulo").toISOString()).toBe("2026-12-05T13:00:00.000Z");
    expect(instantOfWallTime("2026-12-05T23:30", "UTC").toISOString()).toBe("2026-12-05T23:30:00.000Z");
  });

  it("shows an instant as the zone's wall time, and reads it back to the same instant", () => {
    const d = new Date("2026-12-05T09:00:00Z");
    expect(wallTimeIn(d, "Europe/Rome")).toBe("2026-12-05T10:00");
    expect(wallTimeIn(d, "Asia/Tokyo")).toBe("2026-12-05T18:00");
    expect(wallTimeIn(null, "Europe/Rome")).toBe("");
    for (const tz of ["Europe/Rome", "America/Sao_Paulo", "Asia/Tokyo", "America/New_York"])
      expect(instantOfWallTime(wallTimeIn(d, tz), tz).getTime()).toBe(d.getTime());
  });

  it("the night of a DST change: the repeated hour reads as its standard-time occurrence, the skipped hour one hour on", () => {
    // Europe/Rome, 25 Oct 2026: 03:00 CEST → 02:00 CET, 02:30 happens twice (00:30Z and 01:30Z).
    expect(instantOfWallTime("2026-10-25T02:30", "Europe/Rome").toISOString()).toBe("2026-10-25T01:30:00.000Z");
    // 29 Mar 2026: 02:00 CET → 03:00 CEST, 02:30 never happens.
    expect(instantOfWallTime("2026-03-29T02:30", "Europe/Rome").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("refuses a malformed value or an unknown zone", () => {
    expect(() => instantOfWallTime("05/12/2026 10:00", "Europe/Rome")).toThrow(RangeError);
    expect(() => instantOfWallTime("2026-12-05T10:00", "Mars/Olympus")).toThrow(RangeError);
  });
});
