/**
 * Every result-entry path (judge form, team report, end-of-match wizard) asks the one core rule
 * (lib/formats/results resultEntryRule): a top-cut double loss is refused at entry with a message
 * pointing to Penalties (§1.8, §5.3: the bracket needs a winner), a Swiss draw is refused when the
 * event disallows draws (§8.20), and a refusal writes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

const refused = async (name: string, userId: string, input: Record<string, unknown>) => {
  const before = await rowCounts();
  const res = await ACTIONS[name].handle(userId, input);
  expect(await rowCounts()).toEqual(before);
  if (res.ok) throw new Error(`${name} was accepted`);
  return res.error;
};

describe("Swiss draw when the event disallows draws (§8.20 swissAllowsDraws)", () => {
  let w: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("nodraw", "KONAMI_TAG_2019", 4);
    const ev = await db().event.findUniqueOrThrow({ where: { id: w.eventId } });
    await db().event.update({ where: { id: w.eventId }, data: { settings: { ...(ev.settings as object), swissAllowsDraws: false } } });
  });

  it("the judge's result form refuses a draw with NO_DRAWS and writes nothing", async () => {
    const m = w.matches[0];
    const e = await refused("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "draw" });
    expect(e.code).toBe("NO_DRAWS");
    expect(e.message).toBe("This match cannot end in a draw.");
  });

  it("the team report refuses a draw with NO_DRAWS and writes nothing", async () => {
    const m = w.matches[0];
    const e = await refused("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "draw", firstSlot: 1 });
    expect(e.code).toBe("NO_DRAWS");
  });

  it("a Swiss double loss is still accepted (§2.1)", async () => {
    const m = w.matches[1];
    expect(await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "doubleLoss" })).toMatchObject({
      outcome: "DOUBLE_LOSS",
    });
  });
});

describe("top-cut double loss refused at entry (§1.8 'Single elimination: no draws', §5.3 step 5)", () => {
  let w: ReportingWorld;
  let cut: { roundId: string; matches: { id: string; version: number; t1: string }[] };
  beforeAll(async () => {
    w = await reportingWorld("cutdl", "KONAMI_TAG_2019", 4);
    for (const m of w.matches) await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    await must("closeRound", w.organizer, { roundId: w.roundId });
    await must("setStructure", w.organizer, { eventId: w.eventId, swissRounds: 1, topCut: 4 });
    const { roundId } = await must<{ roundId: string }>("pairTopCutRound", w.organizer, { eventId: w.eventId });
    await must("publishRound", w.organizer, { roundId });
    const ms = await db().match.findMany({
      where: { roundId },
      include: { teams: { orderBy: { slot: "asc" } } },
      orderBy: { table: "asc" },
    });
    cut = { roundId, matches: ms.map((m) => ({ id: m.id, version: m.version, t1: m.teams[0].teamId })) };
  });

  it("the judge's result form refuses it with TOP_CUT_DOUBLE_LOSS pointing to Penalties, nothing written", async () => {
    const e = await refused("reportResult", w.judge, { roundId: cut.roundId, matchId: cut.matches[0].id, result: "doubleLoss" });
    expect(e.code).toBe("TOP_CUT_DOUBLE_LOSS");
    expect(e.message).toContain("Penalties");
    expect(e.message).toContain("bye");
    expect(e.params).toMatchObject({ game: "YGO" });
  });

  it("the team report offers no double loss (input refused) and refuses a top-cut draw with NO_DRAWS, nothing written", async () => {
    const m = cut.matches[0];
    const user = w.user.get(`${m.t1}:A`)!;
    expect((await refused("submitTeamReport", user, { matchId: m.id, result: "doubleLoss", firstSlot: 1 })).code).toBe("INVALID");
    const e = await refused("submitTeamReport", user, { matchId: m.id, result: "draw", firstSlot: 1 });
    expect(e.code).toBe("NO_DRAWS");
    expect(e.params).toMatchObject({ what: "topCut" });
  });

  it("the end-of-match wizard refuses a double game-loss penalty that would end the match in a double loss, nothing written", async () => {
    const m = cut.matches[1];
    const begin = await must<{ version: number; done: boolean }>("eompBegin", w.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 1, turn: 7, phase: "MAIN1", lp: { slot1: 6300, slot2: 6300 } },
    });
    expect(begin.done).toBe(false);
    const e = await refused("eompStep", w.judge, {
      matchId: m.id,
      expectedVersion: begin.version,
      event: { type: "GAME_ENDED", winner: null, reason: "GAME_LOSS_PENALTY" },
    });
    expect(e.code).toBe("TOP_CUT_DOUBLE_LOSS");
    expect(e.message).toContain("Penalties");
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).outcome).toBeNull();
  });
});
