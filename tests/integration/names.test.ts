/**
 * Names (issue #12 "Names") through the server layer: NUL, a lone surrogate or a bidi override in
 * a team, duelist, event or display name is a field error (never INTERNAL); an invisible-only name
 * is refused; the uniqueness key ignores invisible characters; ZWJ inside a name is stored.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

const BAD: [string, string][] = [
  ["NUL", "Team\u0000X"],
  ["lone surrogate", "Team \uD83D"],
  ["bidi override", "Team \u202Eevil"],
  ["bidi isolate", "\u2066Team\u2069"],
];

describe("names: refused characters are field errors", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  beforeAll(async () => {
    ev = await makeEvent("nm");
  });

  for (const [what, name] of BAD) {
    it(`a ${what} in a team, duelist, event, local infraction or display name is a field error; nothing is saved`, async () => {
      const before = await rowCounts();
      const team = await ACTIONS.registerTeam.handle(ev.judge, { eventId: ev.eventId, name, a: { name: "Alpha" }, b: { name: "Beta" } });
      expect(team).toMatchObject({
        ok: false,
        error: { code: "INVALID", field: "name", details: [{ field: "name", code: "NAME_CHARS" }] },
      });
      const duelist = await ACTIONS.registerTeam.handle(ev.judge, { eventId: ev.eventId, name: "Fine", a: { name: "Alpha" }, b: { name } });
      expect(duelist).toMatchObject({ ok: false, error: { code: "INVALID", field: "b.name", details: [{ code: "NAME_CHARS" }] } });
      const event = await ACTIONS.createEvent.handle(ev.organizer, { name, formatPreset: "KONAMI_TAG_2019" });
      expect(event).toMatchObject({ ok: false, error: { code: "INVALID", field: "name", details: [{ code: "NAME_CHARS" }] } });
      const infraction = await ACTIONS.addLocalInfraction.handle(ev.organizer, { eventId: ev.eventId, name });
      expect(infraction).toMatchObject({ ok: false, error: { code: "INVALID", field: "name", details: [{ code: "NAME_CHARS" }] } });
      const judge = await ACTIONS.addJudge.handle(ev.organizer, { eventId: ev.eventId, username: "nm-new-judge", displayName: name });
      expect(judge).toMatchObject({ ok: false, error: { code: "INVALID", field: "displayName", details: [{ code: "NAME_CHARS" }] } });
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("NUL in a free-text field (event venue, create/edit) is the field error TEXT_NUL, not an internal one; nothing saved", async () => {
    const before = await rowCounts();
    const venue = await ACTIONS.createEvent.handle(ev.organizer, {
      name: "Venue test",
      formatPreset: "KONAMI_TAG_2019",
      location: "Via Roma\u00001",
    });
    expect(venue).toMatchObject({ ok: false, error: { code: "INVALID", field: "location", details: [{ code: "TEXT_NUL" }] } });
    const edit = await ACTIONS.updateEvent.handle(ev.organizer, { eventId: ev.eventId, location: "\u0000" });
    expect(edit).toMatchObject({ ok: false, error: { code: "INVALID", field: "location", details: [{ code: "TEXT_NUL" }] } });
    expect(await rowCounts()).toEqual(before);
  });

  it("a zero-width-only team name is refused; invisible characters do not make a different name; ZWJ inside a name is kept", async () => {
    const empty = await ACTIONS.registerTeam.handle(ev.judge, {
      eventId: ev.eventId,
      name: "\u200B\u200D",
      a: { name: "Alpha" },
      b: { name: "Beta" },
    });
    expect(empty).toMatchObject({ ok: false, error: { code: "INVALID", field: "name", details: [{ code: "NAME_INVISIBLE" }] } });
    await must("registerTeam", ev.judge, { eventId: ev.eventId, name: "Magos Negros", a: { name: "Alpha" }, b: { name: "Beta" } });
    const twin = await ACTIONS.registerTeam.handle(ev.judge, {
      eventId: ev.eventId,
      name: "Magos\u200B Negros",
      a: { name: "Gamma" },
      b: { name: "Delta" },
    });
    expect(twin).toMatchObject({ ok: false, error: { code: "TEAM_NAME_TAKEN" } });
    const { teamId } = await must<{ teamId: string }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Família 👨\u200D👩\u200D👧",
      a: { name: "Ana" },
      b: { name: "Bia" },
    });
    expect((await db().team.findUniqueOrThrow({ where: { id: teamId } })).name).toBe("Família 👨\u200D👩\u200D👧");
  });
});
