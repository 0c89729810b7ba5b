import { describe, expect, it } from "vitest";
import { eventOverview, finishRule, reopenRule, type LifecycleRound } from "@/lib/pairing/lifecycle";

const swiss = (number: number, status: LifecycleRound["status"] = "CLOSED"): LifecycleRound => ({
  number,
  kind: "SWISS",
  status,
  matches: [
    { table: 1, final: status === "CLOSED", winnerTeamId: "A" },
    { table: 2, final: true, winnerTeamId: "C" },
  ],
});
const cut = (number: number, winners: (string | null | undefined)[], status: LifecycleRound["status"] = "PUBLISHED"): LifecycleRound => ({
  number,
  kind: "TOP_CUT",
  status,
  matches: winners.map((w, i) => ({ table: i + 1, final: w !== undefined, winnerTeamId: w ?? null })),
});
const EIGHT_TOP4 = { status: "RUNNING" as const, swissRounds: 3, topCut: 4 };
const NO_CUT = { status: "RUNNING" as const, swissRounds: 3, topCut: 0 };

describe("finishing an event (issue #14)", () => {
  it("a top 4 can be finished once the final has its result; finishing closes the final's round and names the champion", () => {
    const rounds = [swiss(1), swiss(2), swiss(3), cut(4, ["G", "E"], "CLOSED"), cut(5, ["G"])];
    expect(finishRule(EIGHT_TOP4, rounds)).toEqual({ ok: true, champion: "G", closeRound: 5 });
    expect(finishRule(EIGHT_TOP4, [...rounds.slice(0, 4), cut(5, ["G"], "CLOSED")])).toEqual({ ok: true, champion: "G", closeRound: null });
  });

  it("refuses while the final has no result, before the final is paired, and before the planned cut starts", () => {
    const base = [swiss(1), swiss(2), swiss(3)];
    expect(finishRule(EIGHT_TOP4, [...base, cut(4, ["G", "E"], "CLOSED"), cut(5, [undefined])])).toEqual({
      ok: false,
      code: "TOP_CUT_UNFINISHED",
      params: { number: 5, tables: "1" },
    });
    expect(finishRule(EIGHT_TOP4, [...base, cut(4, ["G", undefined])])).toEqual({
      ok: false,
      code: "TOP_CUT_UNFINISHED",
      params: { number: 4, tables: "2" },
    });
    expect(finishRule(EIGHT_TOP4, [...base, cut(4, ["G", "E"], "CLOSED")])).toEqual({
      ok: false,
      code: "TOP_CUT_NEXT_ROUND",
      params: { number: 5 },
    });
    expect(finishRule(EIGHT_TOP4, base)).toEqual({ ok: false, code: "TOP_CUT_NOT_STARTED", params: { cut: 4 } });
  });

  it("without a cut: after the last planned Swiss round is closed (champion from the Swiss standings)", () => {
    expect(finishRule(NO_CUT, [swiss(1), swiss(2), swiss(3)])).toEqual({ ok: true, champion: null, closeRound: null });
    expect(finishRule(NO_CUT, [swiss(1), swiss(2), swiss(3, "PUBLISHED")])).toEqual({
      ok: false,
      code: "SWISS_ROUND_OPEN",
      params: { number: 3 },
    });
    expect(finishRule(NO_CUT, [swiss(1), swiss(2)])).toEqual({ ok: false, code: "SWISS_ROUNDS_LEFT", params: { played: 2, planned: 3 } });
  });

  it("refuses an event already finished and one with no round", () => {
    expect(finishRule({ ...NO_CUT, status: "FINISHED" }, [swiss(1)])).toMatchObject({ ok: false, code: "EVENT_ALREADY_FINISHED" });
    expect(finishRule({ ...NO_CUT, status: "REGISTRATION" }, [])).toMatchObject({ ok: false, code: "EVENT_NOT_STARTED" });
  });

  it("a double disqualification in the final finishes the event without a champion", () => {
    expect(finishRule(EIGHT_TOP4, [swiss(1), swiss(2), swiss(3), cut(4, ["G", "E"], "CLOSED"), cut(5, [null])])).toEqual({
      ok: true,
      champion: null,
      closeRound: 5,
    });
  });
});

describe("reopening a finished event: organizer only, finished only", () => {
  it("the organizer reopens a finished event", () => expect(reopenRule({ status: "FINISHED" }, "ORGANIZER")).toEqual({ ok: true }));
  it("a judge or the public may not", () => {
    expect(reopenRule({ status: "FINISHED" }, "JUDGE")).toMatchObject({ ok: false, code: "REOPEN_ORGANIZER_ONLY" });
    expect(reopenRule({ status: "FINISHED" }, null)).toMatchObject({ ok: false, code: "REOPEN_ORGANIZER_ONLY" });
  });
  it("a running event is not reopened", () =>
    expect(reopenRule({ status: "RUNNING" }, "ORGANIZER")).toMatchObject({ ok: false, code: "EVENT_NOT_FINISHED" }));
});

describe("what the overview says", () => {
  it("a finished event says Finished with the final's winner, never Running or 'Round 6'", () => {
    const rounds = [swiss(1), swiss(2), swiss(3), cut(4, ["G", "E"], "CLOSED"), cut(5, ["G"], "CLOSED")];
    expect(eventOverview({ status: "FINISHED", topCut: 4 }, rounds, "A")).toEqual({ state: "finished", champion: "G" });
    expect(eventOverview({ status: "FINISHED", topCut: 0 }, [swiss(1), swiss(2), swiss(3)], "A")).toEqual({
      state: "finished",
      champion: "A",
    });
  });

  it("a running event names its latest round by stage: a top-4 final is 'Final', not 'Round 5'", () => {
    const o = eventOverview(
      { status: "RUNNING", topCut: 4 },
      [swiss(1), swiss(2), swiss(3), cut(4, ["G", "E"], "CLOSED"), cut(5, [undefined])],
      null,
    );
    expect(o).toMatchObject({
      state: "running",
      current: { number: 5, status: "PUBLISHED", stage: { kind: "final", key: "floor.stage.final" } },
    });
    const semis = eventOverview({ status: "RUNNING", topCut: 4 }, [swiss(1), swiss(2), swiss(3), cut(4, [undefined, undefined])], null);
    expect(semis).toMatchObject({ current: { stage: { key: "floor.stage.top.semifinals", params: { cut: 4 } } } });
  });

  it("a top 6 stays 'Top 6' (played in an 8-bracket with byes); a bracket paired larger than planned is named by its real size", () => {
    const qf = eventOverview({ status: "RUNNING", topCut: 6 }, [swiss(1), cut(2, ["A", undefined, "B", undefined])], null);
    expect(qf).toMatchObject({ current: { stage: { kind: "quarterfinals", params: { cut: 6 } } } });
    const changed = eventOverview({ status: "RUNNING", topCut: 4 }, [swiss(1), cut(2, [undefined, undefined, undefined, undefined])], null);
    expect(changed).toMatchObject({ current: { stage: { kind: "quarterfinals", params: { cut: 8 } } } });
  });

  it("before any round: registration; a Swiss round: 'Round N'", () => {
    expect(eventOverview({ status: "REGISTRATION", topCut: 4 }, [], null)).toEqual({ state: "registration" });
    expect(eventOverview({ status: "RUNNING", topCut: 4 }, [swiss(1), swiss(2, "PUBLISHED")], null)).toMatchObject({
      current: { number: 2, stage: { key: "floor.stage.swiss", params: { number: 2 } } },
    });
  });
});
