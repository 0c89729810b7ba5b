/**
 * When a claim code stops working (issue #10 "claim: end of the event"). Pure: no clock, no I/O.
 *
 * - The event has a date (`Event.startsOn`, a calendar day): the code works until the end of that
 *   day in the event's time zone, i.e. until the next day's 00:00 there (DST-correct).
 * - No date: the code works until `printedExpiry` (`Duelist.claimExpiresAt`, set to
 *   CLAIM_CODE_DAYS days after the receipt was printed); null = no working code.
 * A finished event refuses every code regardless (lib/server/write/claimCodes.ts).
 */

/** Offset of `timeZone` from UTC at instant `t` (ms; Rome in winter = +3,600,000). */
function offsetAt(t: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(t));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a calendar day ends in a time zone: the next day's 00:00 local time.
 * @param day a Date at 00:00 UTC of the calendar day (how Prisma reads a `@db.Date`)
 * @param timeZone IANA name (e.g. "Europe/Rome"); an unknown name counts as UTC
 */
export function endOfDayIn(day: Date, timeZone: string): Date {
  const next = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
  let tz = timeZone;
  try {
    offsetAt(next, tz);
  } catch {
    tz = "UTC";
  }
  // Local midnight = next - offset; the offset is re-read at that instant (a DST change that day).
  let t = next - offsetAt(next, tz);
  t = next - offsetAt(t, tz);
  return new Date(t);
}

/**
 * The instant a claim code stops working (see the module docstring), or null when it has none.
 * @param event `startsOn` (calendar day or null) and `timeZone` of the code's event
 * @param printedExpiry the code's own expiry from printing (`Duelist.claimExpiresAt`)
 */
export function claimCodeExpiry(event: { startsOn: Date | null; timeZone: string }, printedExpiry: Date | null): Date | null {
  if (event.startsOn) return endOfDayIn(event.startsOn, event.timeZone);
  return printedExpiry;
}
