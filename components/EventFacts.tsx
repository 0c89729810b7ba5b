import { getFormatter } from "next-intl/server";

/**
 * The event's day and venue as one line ("5 Dec 2026 · Game Store, Rome"), for receipts, print
 * pages and the overview (issue #13 item 7); nothing when neither is set. `startsOn` is a calendar
 * date stored as UTC midnight, so it is formatted in UTC (never shifted by the event's zone).
 */
export async function eventFactsText(event: { startsOn: Date | null; location: string | null }): Promise<string> {
  const format = await getFormatter();
  return [event.startsOn ? format.dateTime(event.startsOn, { dateStyle: "medium", timeZone: "UTC" }) : null, event.location]
    .filter(Boolean)
    .join(" · ");
}

export async function EventFacts({ event, className }: { event: { startsOn: Date | null; location: string | null }; className?: string }) {
  const text = await eventFactsText(event);
  return text ? (
    <p className={className ?? "text-sm text-slate-600"} data-testid="event-facts">
      <bdi>{text}</bdi>
    </p>
  ) : null;
}
