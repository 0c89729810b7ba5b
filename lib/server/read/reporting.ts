/**
 * Read models of the reporting area (server only, pages): table states of open rounds (the
 * outstanding board and the judge queue), a duelist's own table, penalties (the audit log is
 * read in lib/server/read/audit.ts).
 * States come from lib/formats/reports (reportState, closeBlockers) — no rule is decided here.
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { CARRY_OVER_KINDS } from "@/lib/formats/penalties";
import { latestReports } from "@/lib/formats/reportRefs";
import { closeBlockers, reportState, sameReport, type ReportState, type TeamReport } from "@/lib/formats/reports";

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

/** A TEAM report of the duelist's match: row id, payload, when (epoch ms) and the account that sent it. */
export interface TableReport {
  id: string;
  report: TeamReport;
  at: number;
  userId: string;
}

/**
 * A team's table in the latest published or closed round (issue #6; the data part of the report
 * page and of its live card, lib/server/read/liveData cardData). `round` = that round with its
 * clock log (event-wide activations, `at` epoch ms, `seconds` for ADD); `match` null = the team
 * is not paired in it. Otherwise: `mySlot` (1/2), `match.teams` by slot with names and duelists (one
 * seat for a bye), `mine` / `theirs` = each side's latest TEAM report, `mineBy` = the display name
 * of who sent `mine`, `latest` = each slot's latest report with id + version (lib/formats/reportRefs
 * latestReports; what a one-tap confirm names, issue #14), `replaced` = when the team's latest report
 * replaced a different earlier report of the same team, that report, who sent it (`by`, `byUserId`)
 * and who replaced it (`replacedBy`, `replacedByUserId`).
 * `bestOf` (the preset's) decides "a different report" (lib/formats/reports sameReport); the
 * caller passes it when it loaded the event already (else one more query). A fixed number of
 * indexed reads (the round with its clock, the seat with its match, teams and reports in one nested
 * read, the senders' names): nothing per table, report or duelist.
 */
export async function myTable(eventId: string, teamId: string, bestOf?: 1 | 3) {
  const round = await db().round.findFirst({
    where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } },
    orderBy: { number: "desc" },
    select: {
      id: true,
      number: true,
      status: true,
      kind: true,
      minutes: true,
      timer: { where: { matchId: null }, orderBy: { at: "asc" }, select: { action: true, at: true, seconds: true } },
    },
  });
  if (!round) return null;
  const { timer, ...rest } = round;
  const r = { ...rest, log: timer.map((a) => ({ action: a.action as string, at: a.at.getTime(), seconds: a.seconds })) };
  const bo =
    bestOf ??
    getPreset((await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } })).formatPreset).bestOf;
  const seat = await db().matchTeam.findUnique({
    where: { roundId_teamId: { roundId: round.id, teamId } },
    select: {
      slot: true,
      match: {
        select: {
          id: true,
          table: true,
          version: true,
          outcome: true,
          winnerSlot: true,
          teams: {
            orderBy: { slot: "asc" },
            select: {
              slot: true,
              teamId: true,
              team: { select: { name: true, duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true } } } },
            },
          },
          reports: {
            where: { source: "TEAM" },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            select: { id: true, teamId: true, userId: true, payload: true, createdAt: true },
          },
        },
      },
    },
  });
  if (!seat) return { round: r, match: null };
  const match = seat.match;
  const latest = (tid: string | undefined): TableReport | null => {
    const x = tid ? match.reports.find((rep) => rep.teamId === tid) : undefined;
    return x ? { id: x.id, report: x.payload as unknown as TeamReport, at: x.createdAt.getTime(), userId: x.userId } : null;
  };
  const mine = latest(teamId);
  // The team report the latest one replaced: the newest earlier report of the team that differs from it.
  const prev = mine
    ? match.reports.find((x) => x.teamId === teamId && x.id !== mine.id && !sameReport(x.payload as unknown as TeamReport, mine.report, bo))
    : undefined;
  const ids = [mine?.userId, prev?.userId].filter((x): x is string => Boolean(x));
  const names = new Map(
    ids.length
      ? (await db().user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } })).map((u) => [
          u.id,
          u.displayName,
        ])
      : [],
  );
  const replaced =
    mine && prev
      ? {
          report: prev.payload as unknown as TeamReport,
          byUserId: prev.userId,
          by: names.get(prev.userId) ?? "?",
          replacedBy: names.get(mine.userId) ?? "?",
          replacedByUserId: mine.userId,
        }
      : null;
  const [s1, s2] = match.teams;
  return {
    round: r,
    match,
    mySlot: seat.slot,
    /** Each slot's latest report with id + version (one-tap confirm names one, issue #14). */
    latest: s2
      ? latestReports(
          match.reports.map((x) => ({
            id: x.id,
            teamId: x.teamId,
            at: x.createdAt.getTime(),
            payload: x.payload as unknown as TeamReport,
          })),
          { slot1: s1.teamId, slot2: s2.teamId },
        )
      : { slot1: null, slot2: null },
    mine,
    mineBy: mine ? (names.get(mine.userId) ?? "?") : null,
    theirs: latest(match.teams.find((t) => t.teamId !== teamId)?.teamId),
    replaced,
  };
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
