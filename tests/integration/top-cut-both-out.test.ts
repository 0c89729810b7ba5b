/**
 * A top-cut table that sends no team on (RULES §1.8 and §5.3: single elimination has no draw and no
 * double loss; §5.2 / MTR 8.2: a disqualified member removes the team; §6.2 drops): a double
 * disqualification entered in Penalties, or both teams dropped, gives the next-round opponent a bye
 * (lib/pairing advanceBracket). The round close records a both-dropped table as a double loss (no
 * one goes on), never as a winner.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";

await useTestDatabase();

type CutRound = { roundId: string; matches: { id: string; table: number; t1: string; t2: string | null }[] };

/** Swiss round 1 (team1 wins every table), closed; then a top 4 paired and published. */
async function topFour(prefix: string): Promise<{ w: ReportingWorld; cut: CutRound }> {
  const w = await reportingWorld(prefix, "KONAMI_TAG_2019", 4);
  for (const m of w.matches) await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
  await must("closeRound", w.organizer, { roundId: w.roundId });
  await must("setStructure", w.organizer, { eventId: w.eventId, swissRounds: 1, topCut: 4 });
  const { roundId } = await must<{ roundId: string }>("pairTopCutRound", w.organizer, { eventId: w.eventId });
  await must("publishRound", w.organizer, { roundId });
  return { w, cut: await cutRound(roundId) };
}

async function cutRound(roundId: string): Promise<CutRound> {
  const ms = await db().match.findMany({ where: { roundId }, include: { teams: { orderBy: { slot: "asc" } } }, orderBy: { table: "asc" } });
  return { roundId, matches: ms.map((m) => ({ id: m.id, table: m.table, t1: m.teams[0].teamId, t2: m.teams[1]?.teamId ?? null })) };
}

async function duelistOf(teamId: string) {
  return (await db().duelist.findFirstOrThrow({ where: { teamId, designation: "A" } })).id;
}

describe("double disqualification in the top cut: the next-round opponent gets a bye", () => {
  let w: ReportingWorld;
  let semi: CutRound;
  beforeAll(async () => {
    ({ w, cut: semi } = await topFour("cutdq"));
  });

  it("both teams of semi-final table 1 disqualified, table 2 played: the final is a bye for table 2's winner", async () => {
    const [t1, t2] = semi.matches;
    // The first disqualification loses the open match (§5.2); the second leaves that result standing.
    await must("issuePenalty", w.judge, {
      duelistId: await duelistOf(t1.t1),
      infraction: "Unsporting conduct",
      penalty: "DISQUALIFICATION",
    });
    await must("issuePenalty", w.judge, {
      duelistId: await duelistOf(t1.t2!),
      infraction: "Unsporting conduct",
      penalty: "DISQUALIFICATION",
    });
    const table1 = await db().match.findUniqueOrThrow({ where: { id: t1.id } });
    expect(table1.outcome).toBe("WIN");
    await must("reportResult", w.judge, { roundId: semi.roundId, matchId: t2.id, result: "team2" });
    await must("closeRound", w.organizer, { roundId: semi.roundId });

    const { roundId } = await must<{ roundId: string }>("pairTopCutRound", w.organizer, { eventId: w.eventId });
    const final = await cutRound(roundId);
    expect(final.matches).toEqual([{ id: expect.any(String), table: 1, t1: t2.t2, t2: null }]);
    expect(await db().match.findUniqueOrThrow({ where: { id: final.matches[0].id } })).toMatchObject({ outcome: "BYE", winnerSlot: 1 });
  });

  it("after the bye final the top cut is finished with table 2's winner as champion", async () => {
    const last = await db().round.findFirstOrThrow({ where: { eventId: w.eventId }, orderBy: { number: "desc" } });
    await must("publishRound", w.organizer, { roundId: last.id });
    await must("closeRound", w.organizer, { roundId: last.id });
    const champion = await db().team.findUniqueOrThrow({ where: { id: semi.matches[1].t2! } });
    const { ACTIONS } = await import("@/lib/server/actions");
    const res = await ACTIONS.pairTopCutRound.handle(w.organizer, { eventId: w.eventId });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ code: "TOP_CUT_DONE", params: { team: champion.name } });
  });
});

describe("both teams of a top-cut table dropped", () => {
  let w: ReportingWorld;
  let semi: CutRound;
  beforeAll(async () => {
    ({ w, cut: semi } = await topFour("cutdrop"));
  });

  it("closing the round records that table as a double loss, and the final is a bye for the other table's winner", async () => {
    const [t1, t2] = semi.matches;
    await must("dropTeam", w.judge, { teamId: t1.t1 });
    await must("dropTeam", w.judge, { teamId: t1.t2! });
    await must("reportResult", w.judge, { roundId: semi.roundId, matchId: t2.id, result: "team1" });
    await must("closeRound", w.organizer, { roundId: semi.roundId });
    expect(await db().match.findUniqueOrThrow({ where: { id: t1.id } })).toMatchObject({ outcome: "DOUBLE_LOSS", winnerSlot: null });

    const { roundId } = await must<{ roundId: string }>("pairTopCutRound", w.organizer, { eventId: w.eventId });
    expect((await cutRound(roundId)).matches).toEqual([{ id: expect.any(String), table: 1, t1: t2.t1, t2: null }]);
  });
});
