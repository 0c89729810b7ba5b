/**
 * Issue #13 items 8 and 9 on a real database: a penalty picked from the infraction catalogue
 * stores the source term and its id (free text optional), an event's own entries are per event,
 * and pairing warns about decklist problems unless the event blocks on them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { readinessFor } from "@/lib/server/read/pairingReadiness";

await useTestDatabase();

describe("penalty catalogue", () => {
  let w: ReportingWorld;
  let duelist: string;
  beforeAll(async () => {
    w = await reportingWorld("cat", "MTG_2HG", 4);
    duelist = (await db().duelist.findFirstOrThrow({ where: { teamId: w.teams[0] } })).id;
  });

  it("a catalogue infraction records its IPG term and id; free text is optional and kept after the term", async () => {
    const a = await must<{ penaltyId: string }>("issuePenalty", w.judge, {
      duelistId: duelist,
      infractionId: "cat:mtg.te_sp",
      penalty: "WARNING",
    });
    const b = await must<{ penaltyId: string }>("issuePenalty", w.judge, {
      duelistId: duelist,
      infractionId: "cat:mtg.gpe_grv",
      infraction: "cast a spell without paying",
      penalty: "WARNING",
    });
    const rows = await db().penalty.findMany({ where: { id: { in: [a.penaltyId, b.penaltyId] } }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.infraction, r.infractionCode])).toEqual([
      ["Slow Play", "mtg.te_sp"],
      ["Game Rule Violation: cast a spell without paying", "mtg.gpe_grv"],
    ]);
  });

  it("without a picked infraction the free text is required, naming the field", async () => {
    const r = await ACTIONS.issuePenalty.handle(w.judge, { duelistId: duelist, penalty: "WARNING" });
    expect(!r.ok && [r.error.code, r.error.field]).toEqual(["INVALID", "infraction"]);
  });

  it("another game's catalogue entry is refused (a Yu-Gi-Oh! infraction in a Magic event)", async () => {
    const r = await ACTIONS.issuePenalty.handle(w.judge, { duelistId: duelist, infractionId: "cat:ygo.pe_major", penalty: "GAME_LOSS" });
    expect(!r.ok && [r.error.code, r.error.field]).toEqual(["NOT_FOUND", "infractionId"]);
  });

  it("the organizer adds a local entry; it is usable in this event only, and names are unique per event", async () => {
    const { id } = await must<{ id: string }>("addLocalInfraction", w.organizer, {
      eventId: w.eventId,
      name: "Phone at the table",
      defaultPenalty: "WARNING",
    });
    const dup = await ACTIONS.addLocalInfraction.handle(w.organizer, { eventId: w.eventId, name: "Phone at the table" });
    expect(!dup.ok && dup.error.code).toBe("DUPLICATE_INFRACTION");
    const judgeAdds = await ACTIONS.addLocalInfraction.handle(w.judge, { eventId: w.eventId, name: "Other thing" });
    expect(judgeAdds.ok).toBe(false);
    const p = await must<{ penaltyId: string }>("issuePenalty", w.judge, {
      duelistId: duelist,
      infractionId: `local:${id}`,
      penalty: "WARNING",
    });
    expect(await db().penalty.findUniqueOrThrow({ where: { id: p.penaltyId } })).toMatchObject({
      infraction: "Phone at the table",
      infractionCode: `local:${id}`,
    });
    const other = await makeEvent("cat2");
    const [t] = await registerTeams(other.eventId, other.judge, 2, "O");
    const od = (await db().duelist.findFirstOrThrow({ where: { teamId: t } })).id;
    const cross = await ACTIONS.issuePenalty.handle(other.judge, { duelistId: od, infractionId: `local:${id}`, penalty: "WARNING" });
    expect(!cross.ok && cross.error.field).toBe("infractionId");
    await must("removeLocalInfraction", w.organizer, { id });
    expect(await db().localInfraction.count({ where: { eventId: w.eventId } })).toBe(0);
    expect(await db().auditLog.count({ where: { eventId: w.eventId, action: { in: ["infraction.add", "infraction.remove"] } } })).toBe(2);
  });
});

describe("pairing warns about decklists and check-in", () => {
  it("pairing round 1 with missing decklists and a team not checked in warns but pairs; blocking is an event setting", async () => {
    const ev = await makeEvent("ready");
    const teams = await registerTeams(ev.eventId, ev.judge, 6, "R");
    await must("setCheckIn", ev.organizer, { eventId: ev.eventId, open: true });
    for (const t of teams.slice(0, 5)) await must("checkInTeam", ev.judge, { teamId: t, checkedIn: true });
    const event = await db().event.findUniqueOrThrow({ where: { id: ev.eventId } });
    const r = await readinessFor(db(), event, 1, false);
    expect([r.illegalDecklists, r.missingDecklists, r.notCheckedIn, r.blocks]).toEqual([0, 12, 1, false]);
    expect(r.names[r.teams.notCheckedIn[0]]).toBe("R6");

    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { requireLegalDecklists: true } });
    const blocked = await ACTIONS.pairNextRound.handle(ev.organizer, { eventId: ev.eventId, seed: "x" });
    expect(!blocked.ok && blocked.error.code).toBe("ILLEGAL_DECKLISTS");
    expect((await readinessFor(db(), event, 1, true)).blocks).toBe(true);

    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { requireLegalDecklists: false } });
    await must("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "x" });
    expect(await db().round.count({ where: { eventId: ev.eventId } })).toBe(1);
  });
});
