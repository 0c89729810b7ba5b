import { describe, expect, it } from "vitest";
import {
  acceptRule,
  confirmOffer,
  confirmRule,
  reportState,
  type LatestReports,
  type StoredTeamReport,
  type TeamReport,
} from "@/lib/formats/reports";
import { latestReports } from "@/lib/formats/reportRefs";

const win1: TeamReport = { result: "team1", firstSlot: 2 };
const win2: TeamReport = { result: "team2", firstSlot: 2 };
const stored = (slot: 1 | 2, report: TeamReport, id = `r${slot}`, version = 1): StoredTeamReport => ({ id, version, slot, report });

describe("one-tap confirm: the opposing team agrees with the report it names (issue #14)", () => {
  it("team A reports, team B confirms naming it: B's new report equals A's, so the table is AGREED (final in the same transaction)", () => {
    const latest: LatestReports = { slot1: stored(1, { ...win1, lp1: 900 }), slot2: null };
    const c = confirmRule({ final: false, bestOf: 1, confirmingSlot: 2, latest, named: { id: "r1", version: 1 } });
    expect(c).toEqual({ ok: true, report: win1, confirms: latest.slot1 });
    if (!c.ok) return;
    expect(reportState({ final: false, slot1: latest.slot1!.report, slot2: c.report, bestOf: 1 })).toBe("AGREED");
  });

  it("a report changed in between is refused and the new report is returned to show", () => {
    const changed = stored(1, win2, "r1b", 2);
    const c = confirmRule({
      final: false,
      bestOf: 1,
      confirmingSlot: 2,
      latest: { slot1: changed, slot2: null },
      named: { id: "r1", version: 1 },
    });
    expect(c).toEqual({ ok: false, code: "REPORT_CHANGED", current: changed });
    // same row id but a newer version (a mutable row) is a change too
    const bumped = stored(1, win2, "r1", 2);
    expect(
      confirmRule({ final: false, bestOf: 1, confirmingSlot: 2, latest: { slot1: bumped, slot2: null }, named: { id: "r1", version: 1 } }),
    ).toMatchObject({
      ok: false,
      code: "REPORT_CHANGED",
    });
  });

  it("a team that reported something else replaces its own report by confirming the other one", () => {
    const latest: LatestReports = { slot1: stored(1, win1), slot2: stored(2, win2) };
    expect(reportState({ final: false, slot1: win1, slot2: win2, bestOf: 1 })).toBe("CONFLICT");
    expect(confirmRule({ final: false, bestOf: 1, confirmingSlot: 2, latest, named: { id: "r1", version: 1 } })).toMatchObject({
      ok: true,
      report: win1,
    });
  });

  it("refuses confirming your own report, a table with nothing to confirm, and a final table", () => {
    const latest: LatestReports = { slot1: stored(1, win1), slot2: null };
    expect(confirmRule({ final: false, bestOf: 1, confirmingSlot: 1, latest, named: { id: "r1", version: 1 } })).toMatchObject({
      code: "OWN_REPORT",
    });
    expect(confirmRule({ final: false, bestOf: 1, confirmingSlot: 1, latest, named: { id: "x", version: 1 } })).toMatchObject({
      code: "NOTHING_TO_CONFIRM",
    });
    expect(confirmRule({ final: true, bestOf: 1, confirmingSlot: 2, latest, named: { id: "r1", version: 1 } })).toMatchObject({
      code: "RESULT_FINAL",
    });
  });

  it("best of three: the games of the confirmed report are kept", () => {
    const bo3 = stored(2, { result: "team2", firstSlot: 1, games1: 1, games2: 2 });
    const c = confirmRule({
      final: false,
      bestOf: 3,
      confirmingSlot: 1,
      latest: { slot1: null, slot2: bo3 },
      named: { id: "r2", version: 1 },
    });
    expect(c).toMatchObject({ ok: true, report: { result: "team2", games1: 1, games2: 2 } });
  });
});

describe("one-tap judge accept of a one-sided report (issue #14)", () => {
  it("accepts the named one-sided report", () => {
    const latest: LatestReports = { slot1: null, slot2: stored(2, win2) };
    expect(acceptRule({ final: false, bestOf: 1, latest, named: { id: "r2", version: 1, slot: 2 } })).toEqual({
      ok: true,
      report: win2,
      accepts: latest.slot2,
    });
  });

  it("refuses a report changed in between (with the new one), two conflicting reports, a final table, a team without a report", () => {
    const newer = stored(2, win1, "r2b", 2);
    expect(
      acceptRule({ final: false, bestOf: 1, latest: { slot1: null, slot2: newer }, named: { id: "r2", version: 1, slot: 2 } }),
    ).toEqual({
      ok: false,
      code: "REPORT_CHANGED",
      current: newer,
    });
    const conflict: LatestReports = { slot1: stored(1, win1), slot2: stored(2, win2) };
    expect(acceptRule({ final: false, bestOf: 1, latest: conflict, named: { id: "r2", version: 1, slot: 2 } })).toMatchObject({
      code: "REPORTS_CONFLICT",
    });
    expect(acceptRule({ final: true, bestOf: 1, latest: conflict, named: { id: "r2", version: 1, slot: 2 } })).toMatchObject({
      code: "RESULT_FINAL",
    });
    expect(
      acceptRule({ final: false, bestOf: 1, latest: { slot1: stored(1, win1), slot2: null }, named: { id: "r2", version: 1, slot: 2 } }),
    ).toMatchObject({
      code: "NOTHING_TO_CONFIRM",
    });
  });
});

describe("the Confirm button on the report page", () => {
  it("shows the other team's report until this team reported the same, and never on a final table", () => {
    const theirs = stored(1, win1);
    expect(confirmOffer({ final: false, bestOf: 1, viewerSlot: 2, latest: { slot1: theirs, slot2: null } })).toBe(theirs);
    expect(confirmOffer({ final: false, bestOf: 1, viewerSlot: 2, latest: { slot1: theirs, slot2: stored(2, win2) } })).toBe(theirs);
    expect(
      confirmOffer({ final: false, bestOf: 1, viewerSlot: 2, latest: { slot1: theirs, slot2: stored(2, { ...win1, lp1: 5 }) } }),
    ).toBeNull();
    expect(confirmOffer({ final: false, bestOf: 1, viewerSlot: 1, latest: { slot1: theirs, slot2: null } })).toBeNull();
    expect(confirmOffer({ final: true, bestOf: 1, viewerSlot: 2, latest: { slot1: theirs, slot2: null } })).toBeNull();
  });
});

describe("latestReports (issue #14: a report is named by id + version)", () => {
  // `at` counts down: the rows below are listed newest first.
  let at = 100;
  const row = (id: string, teamId: string, result: string) => ({ id, teamId, at: at--, payload: { result, firstSlot: 1 } as TeamReport });
  it("each slot's newest row, version = that team's report count; other teams ignored", () => {
    // newest first: team A reported twice, team B once; a stray row of another team.
    const rows = [row("a2", "A", "team2"), row("b1", "B", "team1"), row("x", "X", "draw"), row("a1", "A", "team1")];
    expect(latestReports(rows, { slot1: "A", slot2: "B" })).toEqual({
      slot1: { id: "a2", version: 2, slot: 1, report: { result: "team2", firstSlot: 1 } },
      slot2: { id: "b1", version: 1, slot: 2, report: { result: "team1", firstSlot: 1 } },
    });
    expect(latestReports([], { slot1: "A", slot2: "B" })).toEqual({ slot1: null, slot2: null });
  });
});
