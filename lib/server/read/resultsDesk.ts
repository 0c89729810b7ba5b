/**
 * Read model of the results desk (issue #14 "Results desk for speed"): one round's tables in the
 * shape of lib/formats/desk (DeskTable: table number, match id + version, A/B seats) plus what the
 * compact list shows (the final result, the latest team report of each slot named by id + version
 * for the judge's one-tap accept, lib/formats/reportRefs). Two queries for the whole round (matches
 * with teams and duelists; the round's TEAM reports), so a 375-table round stays one fast read.
 * The page checks the role (eventView); this only reads.
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { reportState, type LatestReports, type ReportState, type TeamReport } from "@/lib/formats/reports";
import { latestReports } from "@/lib/formats/reportRefs";
import type { DeskTable } from "@/lib/formats/desk";

/** One table of the desk: the DeskTable, the match's stored result fields and the report state. */
export interface DeskRow extends DeskTable {
  outcome: string | null;
  winnerSlot: number | null;
  games1: number;
  games2: number;
  reports: LatestReports;
  state: ReportState;
}

/**
 * Round `number` of the event (any status) with its tables in table order (byes last, table ≤ 0),
 * or null when there is no such round. `rows[].version` is the match version to send back as
 * expectedVersion.
 */
export async function resultsDesk(eventId: string, number: number) {
  const event = await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } });
  const round = await db().round.findFirst({
    where: { eventId, number },
    select: {
      id: true,
      number: true,
      kind: true,
      status: true,
      matches: {
        orderBy: { table: "asc" },
        select: {
          id: true,
          table: true,
          version: true,
          outcome: true,
          winnerSlot: true,
          games1: true,
          games2: true,
          teams: {
            orderBy: { slot: "asc" },
            select: {
              slot: true,
              teamId: true,
              team: { select: { name: true, duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true } } } },
            },
          },
        },
      },
    },
  });
  if (!round) return null;
  const bestOf = getPreset(event.formatPreset).bestOf;
  const reports = await db().resultReport.findMany({
    where: { match: { roundId: round.id }, source: "TEAM" },
    select: { id: true, matchId: true, teamId: true, createdAt: true, payload: true },
  });
  const byMatch = new Map<string, typeof reports>();
  for (const r of reports) byMatch.set(r.matchId, [...(byMatch.get(r.matchId) ?? []), r]);
  const rows: DeskRow[] = round.matches
    .filter((m) => m.teams.length > 0)
    .map((m) => {
      const [s1, s2] = m.teams;
      const team = (s: typeof s1) => ({
        teamId: s.teamId,
        name: s.team.name,
        seats: s.team.duelists.filter((d) => d.designation === "A" || d.designation === "B") as { designation: "A" | "B"; name: string }[],
      });
      const latest = latestReports(
        (byMatch.get(m.id) ?? []).map((r) => ({
          id: r.id,
          teamId: r.teamId,
          at: r.createdAt.getTime(),
          payload: r.payload as unknown as TeamReport,
        })),
        { slot1: s1.teamId, slot2: s2?.teamId ?? null },
      );
      return {
        table: m.table,
        matchId: m.id,
        version: m.version,
        final: Boolean(m.outcome),
        slot1: team(s1),
        slot2: s2 ? team(s2) : null,
        outcome: m.outcome,
        winnerSlot: m.winnerSlot,
        games1: m.games1,
        games2: m.games2,
        reports: latest,
        state: reportState({ final: Boolean(m.outcome), slot1: latest.slot1?.report ?? null, slot2: latest.slot2?.report ?? null, bestOf }),
      };
    })
    .sort((a, b) => (a.table <= 0 ? 1 : b.table <= 0 ? -1 : a.table - b.table));
  return { id: round.id, number: round.number, kind: round.kind, status: round.status, rows };
}
