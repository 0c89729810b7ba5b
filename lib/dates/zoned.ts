/**
 * Wall-clock date-times in an event's IANA time zone (what a `datetime-local` field holds:
 * "YYYY-MM-DDTHH:mm", no offset) ↔ instants, through @date-fns/tz (TZDate). The organizer's forms
 * say "in the event's time zone" (decklist deadline, registration window): the server must not
 * read them in its own zone (a venue server often runs in UTC).
 */
import { TZDate } from "@date-fns/tz";

const two = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DDTHH:mm" of instant `d` in `timeZone` (a `datetime-local` field's value); "" for null. */
export function wallTimeIn(d: Date | null, timeZone: string): string {
  if (!d) return "";
  const z = new TZDate(d.getTime(), timeZone);
  return `${z.getFullYear()}-${two(z.getMonth() + 1)}-${two(z.getDate())}T${two(z.getHours())}:${two(z.getMinutes())}`;
}

/**
 * The instant at which the clocks of `timeZone` show `wall` ("YYYY-MM-DDTHH:mm", optional ":ss").
 * On a DST night, as TZDate reads it: a skipped wall time (02:30 when clocks jump 02:00 → 03:00)
 * is read with the offset before the jump (03:30 on the clock), a repeated one (02:30 twice when
 * clocks go back) as its second, standard-time occurrence. Throws RangeError on a malformed `wall`
 * or an unknown zone.
 */
export function instantOfWallTime(wall: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!m) throw new RangeError(`not a wall-clock date-time: ${wall}`);
  const t = new TZDate(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), timeZone).getTime();
  if (Number.isNaN(t)) throw new RangeError(`unknown time zone: ${timeZone}`);
  return new Date(t);
}

/**
 * A date-time field as sent by a form: with an offset or `Z` it is that instant; without one it is
 * a wall-clock time in `timeZone` (the event's). Throws RangeError as {@link instantOfWallTime}.
 */
export function instantOfField(value: string, timeZone: string): Date {
  return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? new Date(value) : instantOfWallTime(value, timeZone);
}
