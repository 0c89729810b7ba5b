/**
 * The organizer's date-time fields are read in the event's time zone (lib/dates/zoned.ts): the
 * decklist deadline (createEvent, updateEvent) and the self-registration window (issue #16), typed as
 * `datetime-local` wall times; a value with an offset stays that instant. The test database server
 * runs in UTC, so a wall time read in the server's zone would be off by the event's offset.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { db } from "@/lib/db";
import { ACTIONS } from "@/lib/server/actions";
import { makeEvent, makeUser, must } from "./fixtures";

await useTestDatabase();

const event = (id: string) => db().event.findUniqueOrThrow({ where: { id } });

describe("date-time fields in the event's time zone", () => {
  it("the decklist deadline typed at 10:00 in Rome (winter) is 09:00 UTC; at creation in São Paulo, 13:00 UTC", async () => {
    const ev = await makeEvent("zone-deadline");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, timeZone: "Europe/Rome", decklistDeadline: "2026-12-05T10:00" });
    expect((await event(ev.eventId)).decklistDeadline?.toISOString()).toBe("2026-12-05T09:00:00.000Z");
    // Summer time in Rome: UTC+2.
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, decklistDeadline: "2026-07-05T10:00" });
    expect((await event(ev.eventId)).decklistDeadline?.toISOString()).toBe("2026-07-05T08:00:00.000Z");
    // An instant with an offset is kept as given.
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, decklistDeadline: "2026-12-05T10:00:00Z" });
    expect((await event(ev.eventId)).decklistDeadline?.toISOString()).toBe("2026-12-05T10:00:00.000Z");
    const organizer = await makeUser("zone-to2", { organizer: true });
    const { eventId } = await must<{ eventId: string }>("createEvent", organizer, {
      name: "Zone created",
      formatPreset: "KONAMI_TAG_2019",
      timeZone: "America/Sao_Paulo",
      decklistDeadline: "2026-12-05T10:00",
    });
    expect((await event(eventId)).decklistDeadline?.toISOString()).toBe("2026-12-05T13:00:00.000Z");
  });

  it("the registration window typed in the event's zone; closing before opening is refused, nothing saved", async () => {
    const ev = await makeEvent("zone-reg");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, timeZone: "Asia/Tokyo" });
    await must("setSelfRegistration", ev.organizer, {
      eventId: ev.eventId,
      selfRegistration: true,
      opensAt: "2026-12-01T09:00",
      closesAt: "2026-12-04T21:30",
    });
    const e = await event(ev.eventId);
    expect(e.registrationOpensAt?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(e.registrationClosesAt?.toISOString()).toBe("2026-12-04T12:30:00.000Z");
    const r = await ACTIONS.setSelfRegistration.handle(ev.organizer, {
      eventId: ev.eventId,
      selfRegistration: true,
      opensAt: "2026-12-04T21:30",
      closesAt: "2026-12-04T21:00",
    });
    expect(r.ok ? null : r.error.field).toBe("closesAt");
    expect((await event(ev.eventId)).registrationClosesAt?.toISOString()).toBe("2026-12-04T12:30:00.000Z");
  });
});
