/**
 * The team cards of the live JSON (issue #15; shape lib/live/card TeamCardData), read for many teams
 * at once: a fixed number of queries whatever the number of teams (the event's preset; the teams with
 * their duelists' decklist status; the latest published or closed round with its clock; the teams'
 * seats in it with both teams, their duelists and the match's TEAM reports; the display names of the
 * reports' senders). A change frame naming 40 teams, or a publish that moves all 750, re-renders
 * their cards in one read (lib/server/read/liveData.ts prewarmLiveData), never one read per card.
 * The rules are lib/formats/reports' (confirmOffer, sameReport) and lib/formats/reportRefs'
 * (latestReports: a report's version).
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { confirmOffer, sameReport, type TeamReport } from "@/lib/formats/reports";
import { latestReports } from "@/lib/formats/reportRefs";
import type { CardReport, CardRound, TeamCardData } from "@/lib/live/card";

interface ReportRow {
  id: string;
  teamId: string;
  userId: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * The cards of `teamIds` of the event as of `version`, by team id (a team of another event, or
 * unknown, has none). Errors: none beyond the database's.
 */
export async function teamCards(eventId: string, teamIds: readonly string[], version: number): Promise<Map<string, TeamCardData>> {
  const out = new Map<string, TeamCardData>();
  if (!teamIds.length) return out;
  const [event, teams, r] = await Promise.all([
    db().event.findUnique({ where: { id: eventId }, select: { formatPreset: true } }),
    db().team.findMany({
      where: { eventId, id: { in: [...teamIds] } },
      select: {
        id: true,
        name: true,
        status: true,
        duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true, decklist: { select: { isLegal: true } } } },
      },
    }),
    db().round.findFirst({
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
    }),
  ]);
  if (!event || !teams.length) return out;
  const bestOf = getPreset(event.formatPreset).bestOf;
  // Only the teams' own seats (MatchTeam is unique per round and team), never the whole round.
  const seats = r
    ? await db().matchTeam.findMany({
        where: { roundId: r.id, teamId: { in: teams.map((t) => t.id) } },
        select: {
          teamId: true,
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
                  team: {
                    select: { name: true, duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true } } },
                  },
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
      })
    : [];
  const seatOf = new Map(seats.map((s) => [s.teamId, s]));
  // Per team: its latest report and the earlier, different one it replaced (their senders' names are read once for all).
  const mineOf = new Map<string, { mine: ReportRow; prev: ReportRow | undefined }>();
  for (const s of seats) {
    const reports = s.match.reports as ReportRow[];
    const mine = reports.find((x) => x.teamId === s.teamId);
    if (!mine) continue;
    const prev = reports.find(
      (x) => x.teamId === s.teamId && x.id !== mine.id && !sameReport(x.payload as TeamReport, mine.payload as TeamReport, bestOf),
    );
    mineOf.set(s.teamId, { mine, prev });
  }
  const senders = [...new Set([...mineOf.values()].flatMap((x) => [x.mine.userId, x.prev?.userId].filter((u): u is string => Boolean(u))))];
  const names = new Map(
    senders.length
      ? (await db().user.findMany({ where: { id: { in: senders } }, select: { id: true, displayName: true } })).map((u) => [
          u.id,
          u.displayName,
        ])
      : [],
  );
  const round: CardRound | null = r
    ? {
        number: r.number,
        status: r.status,
        kind: r.kind,
        minutes: r.minutes,
        log: r.timer.map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds })),
      }
    : null;
  for (const team of teams) {
    const base = {
      version,
      team: { id: team.id, name: team.name, status: team.status as string },
      duelists: team.duelists.map((d) => ({
        designation: d.designation as string,
        name: d.name,
        decklist: d.decklist ? (d.decklist.isLegal ? ("LEGAL" as const) : ("ILLEGAL" as const)) : null,
      })),
      round,
    };
    const seat = seatOf.get(team.id);
    if (!seat || !round) {
      out.set(team.id, { ...base, match: null });
      continue;
    }
    const m = seat.match;
    const mySlot = seat.slot as 1 | 2;
    const final = Boolean(m.outcome);
    const [s1, s2] = m.teams;
    const latest = s2
      ? latestReports(
          (m.reports as ReportRow[]).map((x) => ({
            id: x.id,
            teamId: x.teamId,
            at: x.createdAt.getTime(),
            payload: x.payload as TeamReport,
          })),
          { slot1: s1.teamId, slot2: s2.teamId },
        )
      : { slot1: null, slot2: null };
    const own = mySlot === 1 ? latest.slot1 : latest.slot2;
    const other = mySlot === 1 ? latest.slot2 : latest.slot1;
    const opp = m.teams.find((x) => x.teamId !== team.id);
    const theirsRow = opp ? (m.reports as ReportRow[]).find((x) => x.teamId === opp.teamId) : undefined;
    const ref = (x: { id: string; version: number; report: TeamReport }, at: number): CardReport => ({
      id: x.id,
      version: x.version,
      report: x.report,
      at,
    });
    const mr = mineOf.get(team.id);
    const offer = round.status === "PUBLISHED" ? confirmOffer({ final, bestOf, viewerSlot: mySlot, latest }) : null;
    out.set(team.id, {
      ...base,
      match: {
        id: m.id,
        table: m.table,
        version: m.version,
        outcome: m.outcome,
        winnerSlot: m.winnerSlot,
        names: m.teams.map((x) => x.team.name),
        mySlot,
        opponents: opp
          ? {
              slot: opp.slot,
              teamId: opp.teamId,
              name: opp.team.name,
              duelists: opp.team.duelists.map((d) => ({ designation: d.designation as string, name: d.name })),
            }
          : null,
        mine:
          mr && own ? { ...ref(own, mr.mine.createdAt.getTime()), by: names.get(mr.mine.userId) ?? "?", byUserId: mr.mine.userId } : null,
        theirs: theirsRow && other ? ref(other, theirsRow.createdAt.getTime()) : null,
        replaced:
          mr?.prev && !final
            ? {
                report: mr.prev.payload as TeamReport,
                byUserId: mr.prev.userId,
                by: names.get(mr.prev.userId) ?? "?",
                replacedByUserId: mr.mine.userId,
                replacedBy: names.get(mr.mine.userId) ?? "?",
              }
            : null,
        offer: offer ? ref(offer, theirsRow?.createdAt.getTime() ?? 0) : null,
        conflict:
          !final &&
          Boolean(mr) &&
          Boolean(theirsRow) &&
          !sameReport(mr!.mine.payload as TeamReport, theirsRow!.payload as TeamReport, bestOf),
        seen: {
          matchVersion: m.version,
          theirs: other ? { id: other.id, version: other.version } : null,
          round: round.number,
          table: m.table,
        },
      },
    });
  }
  return out;
}

/** The team of `userId`'s duelist seat in the event, or null when the account is no duelist of it. */
export async function userTeam(eventId: string, userId: string): Promise<string | null> {
  const me = await db().duelist.findFirst({ where: { eventId, userId }, select: { teamId: true } });
  return me?.teamId ?? null;
}
