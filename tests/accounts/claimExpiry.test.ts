import { describe, expect, it } from "vitest";
import { claimCodeExpiry, endOfDayIn } from "@/lib/accounts/claimExpiry";

const day = (s: string) => new Date(`${s}T00:00:00Z`);

describe("claim code expiry: the end of the event's day in its time zone, else 7 days after printing", () => {
  it("the event's day ends at the next local midnight", () => {
    expect(endOfDayIn(day("2026-12-05"), "Europe/Rome").toISOString()).toBe("2026-12-05T23:00:00.000Z");
    expect(endOfDayIn(day("2026-12-05"), "America/Sao_Paulo").toISOString()).toBe("2026-12-06T03:00:00.000Z");
    expect(endOfDayIn(day("2026-12-05"), "UTC").toISOString()).toBe("2026-12-06T00:00:00.000Z");
  });

  it("a day with a DST change ends at that night's midnight (Rome, 2026-03-29: +1 to +2)", () => {
    expect(endOfDayIn(day("2026-03-29"), "Europe/Rome").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(endOfDayIn(day("2026-10-25"), "Europe/Rome").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("an unknown time zone counts as UTC", () => {
    expect(endOfDayIn(day("2026-12-05"), "Not/AZone").toISOString()).toBe("2026-12-06T00:00:00.000Z");
  });

  it("with a date the date decides; without one the printed expiry does", () => {
    const printed = new Date("2026-12-20T10:00:00Z");
    expect(claimCodeExpiry({ startsOn: day("2026-12-05"), timeZone: "Europe/Rome" }, printed)?.toISOString()).toBe(
      "2026-12-05T23:00:00.000Z",
    );
    expect(claimCodeExpiry({ startsOn: null, timeZone: "Europe/Rome" }, printed)).toBe(printed);
    expect(claimCodeExpiry({ startsOn: null, timeZone: "UTC" }, null)).toBeNull();
  });
});
