/**
 * Issue #6 part B on real Postgres: per-match time extensions (TimerActivation rows with matchId)
 * and the end-of-match wizard (state persisted in Match.eompState, version-checked steps, final
 * result written like reportResult) — CASES.md C35 (Tag) and C48-style UDE with a first-LP-change
 * sudden death.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { roundView } from "@/lib/server/read/pairings";
import { matchClockAt } from "@/lib/timer";
import { eventVersion, clearCaches } from "@/lib/server/http/cache";

await useTestDatabase();

async function liveRound(prefix: string, preset: string) {
  const ev = await makeEvent(prefix);
  if (preset !== "KONAMI_TAG_2019") await must("updateEvent", ev.organizer, { eventId: ev.eventId, formatPreset: preset });
  await registerTeams(ev.eventId, ev.judge, 4, prefix.toUpperCase());
  const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "live" });
  await must("publishRound", ev.organizer, { roundId });
  await must("roundClock", ev.judge, { roundId, action: "START" });
  const matches = await db().match.findMany({ where: { roundId }, orderBy: { table: "asc" } });
  return { ...ev, roundId, matches };
}

const fail = async (name: string, user: string | null, input: unknown) => {
  const res = await ACTIONS[name].handle(user, input);
  expect(res.ok).toBe(false);
  return res.ok ? null : res.error;
};

describe("per-match time extensions (issue #6 item 2)", () => {
  let r: Awaited<ReturnType<typeof liveRound>>;
  beforeAll(async () => {
    r = await liveRound("ext", "KONAMI_TAG_2019");
  });

  it("a judge's 3-minute deck-check extension is an ADD row on that match only; the match clock is round + 3 min", async () => {
    const m = r.matches[0];
    const v0 = (await db().event.findUniqueOrThrow({ where: { id: r.eventId } })).version;
    await must("extendMatch", r.judge, { matchId: m.id, seconds: 180, reason: "DECK_CHECK" });
    const rows = await db().timerActivation.findMany({ where: { roundId: r.roundId, matchId: { not: null } } });
    expect(rows.map((x) => [x.matchId, x.action, x.seconds])).toEqual([[m.id, "ADD", 180]]);
    expect((await db().event.findUniqueOrThrow({ where: { id: r.eventId } })).version).toBe(v0 + 1);
    expect(await db().auditLog.count({ where: { eventId: r.eventId, action: "clock.extend", entityId: m.id } })).toBe(1);
    // the round clock ignores it; the match clock adds it
    const view = (await roundView(r.eventId, { publishedOnly: true }))!;
    const ext = rows.map((x) => ({ action: x.action, at: x.at.getTime(), seconds: x.seconds }));
    const now = view.log[0].at + 10 * 60_000;
    expect(matchClockAt(view.minutes, view.log, [], now).remainingMs).toBe((view.minutes - 10) * 60_000);
    expect(matchClockAt(view.minutes, view.log, ext, now).remainingMs).toBe((view.minutes - 10 + 3) * 60_000);
  });

  it("zero seconds, a bye and a match with a result are refused; nothing is written", async () => {
    const before = await rowCounts();
    expect((await fail("extendMatch", r.judge, { matchId: r.matches[1].id, seconds: 0 }))!.field).toBe("seconds");
    await must("reportResult", r.judge, { roundId: r.roundId, matchId: r.matches[1].id, result: "team1" });
    const after = await rowCounts();
    expect((await fail("extendMatch", r.judge, { matchId: r.matches[1].id, seconds: 60 }))!.code).toBe("MATCH_OVER");
    expect(await rowCounts()).toEqual(after);
    expect(after.TimerActivation).toBe(before.TimerActivation);
  });

  it("the cached event version catches up with Postgres within its TTL", async () => {
    clearCaches();
    const v = await eventVersion(r.eventId);
    expect(v).toBe((await db().event.findUniqueOrThrow({ where: { id: r.eventId } })).version);
    await must("extendMatch", r.judge, { matchId: r.matches[0].id, seconds: 60 });
    expect(await eventVersion(r.eventId)).toBe(v); // still within 250 ms: the cached value
    expect(await eventVersion(r.eventId, Date.now() + 1000)).toBe(v! + 1);
    expect(await eventVersion("no-such-event")).toBeNull();
  });
});

describe("end-of-match wizard (issue #6 item 1)", () => {
  it("C35 Tag: time in 1B's Battle Phase (turn 7), 6,300 vs 5,100 → state saved, reload resumes, Team 1 wins", async () => {
    const r = await liveRound("c35", "KONAMI_TAG_2019");
    const m = r.matches[0];
    const begin = await must<{ version: number; done: boolean; code: string }>("eompBegin", r.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 1, turn: 7, phase: "BATTLE", lp: { slot1: 6300, slot2: 5100 } },
    });
    expect(begin).toMatchObject({ done: false, code: "FINISH_PHASE", version: m.version + 1 });
    const saved = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect((saved.eompState as { mode: { m: string }; game: { turn: number } }).mode.m).toBe("FINISH_PHASE");
    expect(saved.outcome).toBeNull();
    // a second phone with the old version is refused and nothing changes
    const before = await rowCounts();
    expect((await fail("eompStep", r.judge, { matchId: m.id, expectedVersion: m.version, event: { type: "PHASE_FINISHED" } }))!.code).toBe(
      "STALE_MATCH",
    );
    // a step the procedure does not allow now is refused with the engine's code
    expect((await fail("eompStep", r.judge, { matchId: m.id, expectedVersion: begin.version, event: { type: "TURN_ENDED" } }))!.code).toBe(
      "STEP_NOT_ALLOWED",
    );
    expect(await rowCounts()).toEqual(before);
    // the Battle Phase ends: LP decide (no Main Phase 2)
    const end = await must<{ done: boolean; outcome: string; winnerSlot: number; reason: string; version: number }>("eompStep", r.judge, {
      matchId: m.id,
      expectedVersion: begin.version,
      event: { type: "PHASE_FINISHED" },
    });
    expect(end).toMatchObject({ done: true, outcome: "WIN", winnerSlot: 1, reason: "EOMP_LP_COMPARISON", version: begin.version + 1 });
    const final = await db().match.findUniqueOrThrow({ where: { id: m.id }, include: { reports: true } });
    expect([final.outcome, final.winnerSlot, final.endReason, final.lp1, final.lp2, final.games1, final.games2]).toEqual([
      "WIN",
      1,
      "EOMP_LP_COMPARISON",
      6300,
      5100,
      1,
      0,
    ]);
    expect(final.reports).toHaveLength(1);
    expect((final.reports[0].payload as { via: string }).via).toBe("eomp");
    expect(await db().auditLog.count({ where: { entityId: m.id, action: "result.report" } })).toBe(1);
    // the match is over: no more steps, no second start
    expect((await fail("eompStep", r.judge, { matchId: m.id, expectedVersion: end.version, event: { type: "TURN_ENDED" } }))!.code).toBe(
      "MATCH_OVER",
    );
    expect((await fail("eompBegin", r.judge, { matchId: m.id, expectedVersion: end.version, game: null }))!.code).toBe("ALREADY_REPORTED");
  });

  it("UDE 2v2: finish the turn + 3 extra turns, LP tie → first LP change decides (C48 procedure, §3.1)", async () => {
    const r = await liveRound("ude", "UDE_2V2");
    const m = r.matches[0];
    let v = (
      await must<{ version: number }>("eompBegin", r.judge, {
        matchId: m.id,
        expectedVersion: m.version,
        game: { firstSlot: 2, turn: 3, phase: "MAIN1", lp: { slot1: 4000, slot2: 4000 } },
      })
    ).version;
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await must<{ version: number; code: string }>("eompStep", r.judge, {
        matchId: m.id,
        expectedVersion: v,
        event: { type: "TURN_ENDED" },
      });
      v = s.version;
      codes.push(s.code);
    }
    expect(codes).toEqual(["EXTRA_TURN", "EXTRA_TURN", "EXTRA_TURN", "FIRST_LP_CHANGE"]);
    const end = await must<{ done: boolean; outcome: string; winnerSlot: number; reason: string }>("eompStep", r.judge, {
      matchId: m.id,
      expectedVersion: v,
      event: { type: "LP_CHANGED", lp: { slot1: 3200 } },
    });
    expect(end).toMatchObject({ done: true, outcome: "WIN", winnerSlot: 2, reason: "EOMP_FIRST_LP_CHANGE" });
    const final = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([final.outcome, final.winnerSlot, final.games1, final.games2, final.lp1, final.lp2]).toEqual(["WIN", 2, 0, 1, 3200, 4000]);
  });

  it("double_loss variant: time called in Swiss records the double loss at once (C40)", async () => {
    const r = await liveRound("dl", "KONAMI_TAG_2019");
    await must("updateEvent", r.organizer, { eventId: r.eventId, settings: { eomp: "double_loss" } });
    const m = r.matches[0];
    const res = await must<{ done: boolean; outcome: string; reason: string }>("eompBegin", r.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 1, turn: 4, phase: "MAIN1", lp: { slot1: 8000, slot2: 100 } },
    });
    expect(res).toMatchObject({ done: true, outcome: "DOUBLE_LOSS", reason: "DOUBLE_LOSS" });
  });

  it("cancel clears the saved state; the public cannot run the wizard", async () => {
    const r = await liveRound("cnl", "KONAMI_TAG_2019");
    const m = r.matches[0];
    const b = await must<{ version: number }>("eompBegin", r.judge, {
      matchId: m.id,
      expectedVersion: m.version,
      game: { firstSlot: 2, turn: 2, phase: "MAIN1", lp: { slot1: 8000, slot2: 7000 } },
      games: { slot1: 0, slot2: 0, drawn: 0 },
    });
    expect((await fail("eompCancel", r.organizer, { matchId: m.id, expectedVersion: b.version - 1 }))!.code).toBe("STALE_MATCH");
    await must("eompCancel", r.organizer, { matchId: m.id, expectedVersion: b.version });
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).eompState).toBeNull();
    expect((await fail("eompBegin", null, { matchId: m.id, expectedVersion: b.version + 1, game: null }))!.code).toBe("UNAUTHENTICATED");
  });
});
