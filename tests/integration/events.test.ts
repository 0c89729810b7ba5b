/** Issue #3: events store their preset and settings; the preset is locked once round 1 starts. */
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

describe("event preset and settings (issue #3)", () => {
  it("stores the preset and the §8 settings overlaid on the preset defaults", async () => {
    const ev = await makeEvent("settings");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { eomp: "double_loss", requireLegalDecklists: true } });
    const e = await db().event.findUniqueOrThrow({ where: { id: ev.eventId } });
    expect(e.formatPreset).toBe("KONAMI_TAG_2019");
    expect(e.roundMinutes).toBe(30); // RULES §1.4
    expect(e.settings).toMatchObject({
      eomp: "double_loss",
      requireLegalDecklists: true,
      swissAllowsDraws: true,
      listScope: "duelist",
      decklistChanges: "until_deadline",
    });
  });

  it("the preset can change before round 1 starts, and is refused after — nothing written", async () => {
    const ev = await makeEvent("lock");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: "UDE_2V2" });
    expect((await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).formatPreset).toBe("UDE_2V2");
    await registerTeams(ev.eventId, ev.judge, 4, "K");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "k" });
    // Paired but not published: round 1 has not started, the preset may still change.
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: "KONAMI_TAG_2019" });
    await must("publishRound", ev.organizer, { roundId });
    const before = await rowCounts();
    const res = await ACTIONS.updateEvent.handle(ev.organizer, { eventId: ev.eventId, formatPreset: "MTG_2HG" });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe("PRESET_LOCKED");
      expect(res.error.field).toBe("formatPreset");
    }
    expect(await rowCounts()).toEqual(before);
    // Other settings still change after round 1 (e.g. the end-of-match variant).
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: "KONAMI_TAG_2019", settings: { eomp: "double_loss" } });
  });

  it("a judge cannot change event settings", async () => {
    const ev = await makeEvent("judgeset");
    const res = await ACTIONS.updateEvent.handle(ev.judge, { eventId: ev.eventId, name: "Judge's event" });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe("FORBIDDEN");
  });
});
