/**
 * eventRules (lib/server/write/eventRules.ts): the event, its preset and the resolved settings in
 * one load — preset defaults overridden by the event's stored choices (lib/formats resolveSettings).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must } from "./fixtures";
import { db } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { eventRules } from "@/lib/server/write/eventRules";

await useTestDatabase();

describe("eventRules: event + preset + resolved settings", () => {
  it("a Tag Duel event gets KONAMI_TAG_2019 (30-minute rounds, §1.4) and the organizer's stored choice over the default", async () => {
    const ev = await makeEvent("rules");
    const fresh = await eventRules(db(), ev.eventId);
    expect(fresh.event.id).toBe(ev.eventId);
    expect(fresh.preset.id).toBe("KONAMI_TAG_2019");
    expect(fresh.preset.roundMinutes).toBe(30);
    const flipped = !fresh.settings.requireLegalDecklists;
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { requireLegalDecklists: flipped } });
    const after = await eventRules(db(), ev.eventId);
    expect(after.settings.requireLegalDecklists).toBe(flipped);
    expect(after.settings.eomp).toBe(fresh.settings.eomp);
  });

  it("an unknown event id is a NOT_FOUND refusal naming eventId", async () => {
    const err = await eventRules(db(), "no-such-event").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ActionError);
    expect(err).toMatchObject({ code: "NOT_FOUND", field: "eventId" });
  });
});
