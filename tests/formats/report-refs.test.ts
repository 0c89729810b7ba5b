/** Issue #14: a stored team report is named by id + version (the team's report count when it was sent). */
import { describe, expect, it } from "vitest";
import { latestReports, type TeamReportRow } from "@/lib/formats/reportRefs";

const row = (id: string, teamId: string, at: number, result: "team1" | "team2"): TeamReportRow => ({
  id,
  teamId,
  at,
  payload: { result, firstSlot: 1 },
});

describe("latestReports", () => {
  it("each slot's latest row, version = that team's report count, whatever the row order", () => {
    const rows = [row("c", "A", 30, "team2"), row("a", "A", 10, "team1"), row("b", "B", 20, "team1"), row("z", "X", 40, "team1")];
    expect(latestReports(rows, { slot1: "A", slot2: "B" })).toEqual({
      slot1: { id: "c", version: 2, slot: 1, report: { result: "team2", firstSlot: 1 } },
      slot2: { id: "b", version: 1, slot: 2, report: { result: "team1", firstSlot: 1 } },
    });
  });
  it("same time: the larger id is the later row; a team without rows has no report", () => {
    const rows = [row("b", "A", 10, "team2"), row("a", "A", 10, "team1")];
    const l = latestReports(rows, { slot1: "A", slot2: "B" });
    expect(l.slot1?.id).toBe("b");
    expect(l.slot1?.version).toBe(2);
    expect(l.slot2).toBeNull();
    expect(latestReports(rows, { slot1: "B", slot2: null })).toEqual({ slot1: null, slot2: null });
  });
});
