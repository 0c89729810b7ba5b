/**
 * Read models of the reporting area (server only, pages): table states of open rounds (the
 * outstanding board and the judge queue), a duelist's own table, penalties (the audit log is
 * read in lib/server/read/audit.ts).
 * States come from lib/formats/reports (reportState, closeBlockers) — no rule is decided here.
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { CARRY_OVER_KINDS } from "@/lib/formats/penalties";
import { closeBlockers, reportState, type ReportState, type TeamReport } from "@/lib/formats/reports";

export interface LatestReport {
  report: TeamReport;
  at: number;
  by: string;
  teamId: string;
}

export interface TableState {
  matchId: string;
  table: number;
  version: number;
  outcome: string | null;
  winnerSlot: number | null;
  teams: { teamId: string; slot: number; name: string; dropped: boolean }[];
  /** Latest TEAM report per slot. */
  reports: { slot1: LatestReport | null; slot2: LatestReport | null };
  state: ReportState;
}

export interface OpenRound {
  id: string;
  number: number;
  kind: "SWISS" | "TOP_CUT";
  /** Epoch ms the round has been open since: the clock's first START, else publication. */
  openSince: number | null;
  clockStarted: boolean;
  tables: TableState[];
  /** Tables that block closing (lib/formats closeBlockers, PS08). */
  blockers: number[];
  total: number;
  final: number;
}

/**
 * Every PUBLISHED round of an event with the state of each table (byes excluded). Reports are
 * read in one query per round; the latest report per team wins (createdAt, then id).
 */
export async function openRounds(eventId: string): Promise<OpenRound[]> {
  const event = await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } });
  const bestOf = getPreset(event.formatPreset).bestOf;
  const rounds = await db().round.findMany({
    where: { eventId, status: "PUBLISHED" },
    orderBy: { number: "asc" },
    include: {
      timer: { where: { matchId: null, action: "START" }, orderBy: { at: "asc" }, take: 1 },
      matches: {
        orderBy: { table: "asc" },
        include: { teams: { orderBy: { slot: "asc" }, include: { team: { select: { name: true, status: true } } } } },
      },
    },
  });
  const out: OpenRound[] = [];
  for (const r of rounds) {
    const ids = r.matches.map((m) => m.id);
    const reports = await db().resultReport.findMany({
      where: { matchId: { in: ids }, source: "TEAM" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const users = new Map(
      (
        await db().user.findMany({
          where: { id: { in: [...new Set(reports.map((x) => x.userId))] } },
          select: { id: true, displayName: true },
        })
      ).map((u) => [u.id, u.displayName]),
    );
    const latest = new Map<string, LatestReport>();
    for (const x of reports) {
      const k = `${x.matchId}:${x.teamId}`;
      if (!latest.has(k))
        latest.set(k, {
          report: x.payload as unknown as TeamReport,
          at: x.createdAt.getTime(),
          by: users.get(x.userId) ?? "?",
          teamId: x.teamId ?? "",
        });
    }
    const tables: TableState[] = r.matches
      .filter((m) => m.teams.length === 2)
      .map((m) => {
        const [s1, s2] = m.teams;
        const rep1 = latest.get(`${m.id}:${s1.teamId}`) ?? null,
          rep2 = latest.get(`${m.id}:${s2.teamId}`) ?? null;
        return {
          matchId: m.id,
          table: m.table,
          version: m.version,
          outcome: m.outcome,
          winnerSlot: m.winnerSlot,
          teams: m.teams.map((s) => ({ teamId: s.teamId, slot: s.slot, name: s.team.name, dropped: s.team.status === "DROPPED" })),
          reports: { slot1: rep1, slot2: rep2 },
          state: reportState({ final: Boolean(m.outcome), slot1: rep1?.report ?? null, slot2: rep2?.report ?? null, bestOf }),
        };
      });
    const start = r.timer[0]?.at ?? r.publishedAt;
    out.push({
      id: r.id,
      number: r.number,
      kind: r.kind,
      openSince: start ? start.getTime() : null,
      clockStarted: Boolean(r.timer[0]),
      tables,
      blockers: closeBlockers(
        tables.map((t) => ({ table: t.table, final: Boolean(t.outcome), bothDropped: t.teams.every((x) => x.dropped) })),
      ),
      total: tables.length,
      final: tables.filter((t) => t.outcome).length,
    });
  }
  return out;
}

/**
 * Penalties of an event (newest first) with duelist, team and judge names. `pending`: a game or
 * match loss waiting for the team's next match — its roundNumber names a round not paired yet
 * (lib/server/penalties; applied when that round is paired). `team.status` DROPPED with `pending`:
 * the team left the event, so (unless it re-enters before that round is paired) it has no next match.
 */
export async function penaltyLog(eventId: string) {
  const rows = await db().penalty.findMany({
    where: { eventId },
    orderBy: { createdAt: "desc" },
    include: { team: { select: { name: true, status: true } } },
  });
  const paired = new Set((await db().round.findMany({ where: { eventId }, select: { number: true } })).map((r) => r.number));
  const pending = (r: { penalty: string; roundNumber: number | null }) =>
    (CARRY_OVER_KINDS as readonly string[]).includes(r.penalty) && r.roundNumber !== null && !paired.has(r.roundNumber);
  const duelists = new Map(
    (
      await db().duelist.findMany({
        where: { id: { in: rows.map((r) => r.duelistId).filter((x): x is string => Boolean(x)) } },
        select: { id: true, name: true, designation: true },
      })
    ).map((d) => [d.id, d]),
  );
  const judges = new Map(
    (
      await db().user.findMany({
        where: { id: { in: rows.map((r) => r.judgeId).filter((x): x is string => Boolean(x)) } },
        select: { id: true, displayName: true },
      })
    ).map((u) => [u.id, u.displayName]),
  );
  return rows.map((r) => ({
    ...r,
    pending: pending(r),
    duelist: r.duelistId ? (duelists.get(r.duelistId) ?? null) : null,
    judge: r.judgeId ? (judges.get(r.judgeId) ?? "?") : "—",
  }));
}
