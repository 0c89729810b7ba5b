/**
 * Exact ties at the top-cut line: shown to the TO before the cut (cutTieView) and broken by a
 * seeded random draw recorded in the BEGIN snapshot and the audit row (pairTopCutRound).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { cutTieView } from "@/lib/server/read/standings";

await useTestDatabase();

describe("top cut: an exact tie at the line", () => {
  it("four round-1 winners tied on every tiebreaker for a Top 2: shown before the cut; a seeded draw picks and seeds two", async () => {
    const ev = await makeEvent("cuttie");
    await registerTeams(ev.eventId, ev.judge, 8, "Z");
    await must("setStructure", ev.organizer, { eventId: ev.eventId, swissRounds: 1, topCut: 2 });
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "cut-tie" });
    await must("publishRound", ev.organizer, { roundId });
    for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
      await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
    await must("closeRound", ev.organizer, { roundId });
    const winners = (await db().matchTeam.findMany({ where: { roundId, slot: 1 }, include: { team: true } })).map((s) => s.team);
    // RULES §6.1: every winner has 3 points, OppMW% 0/3, OppOppMW% 3/3 — an exact tie of four for two places
    const tie = await cutTieView(db(), ev.eventId);
    expect(tie).toMatchObject({ size: 2, places: 2, firstPlace: 1 });
    expect([...tie!.teams].sort()).toEqual(winners.map((t) => t.name).sort());

    const cut = await must<{ roundId: string; cutDraw: { seed: string; tied: string[]; order: string[]; places: number } }>(
      "pairTopCutRound",
      ev.organizer,
      { eventId: ev.eventId, drawSeed: "draw-7" },
    );
    expect(cut.cutDraw.seed).toBe("draw-7");
    expect([...cut.cutDraw.tied].sort()).toEqual(winners.map((t) => t.id).sort());
    const seeded = await db().matchTeam.findMany({ where: { roundId: cut.roundId }, orderBy: { slot: "asc" } });
    expect(seeded.map((s) => s.teamId)).toEqual(cut.cutDraw.order.slice(0, 2)); // seed 1 v seed 2 in drawn order
    const snap = await db().roundSnapshot.findFirstOrThrow({ where: { roundId: cut.roundId, phase: "BEGIN" } });
    expect((snap.data as { cutDraw: unknown }).cutDraw).toEqual(cut.cutDraw);
    const row = await db().auditLog.findFirstOrThrow({ where: { eventId: ev.eventId, action: "topcut.start" } });
    expect((row.after as { cutDraw: unknown }).cutDraw).toEqual(cut.cutDraw);
  });
});
