/**
 * Final placings and the event's lifecycle (issue #14 "A finished event"), read once for every page
 * that ranks teams: the standings page, the print standings, the standings CSV (its `place` column)
 * and the overview (the champion). One function, `eventPlacings`, feeds them all so they never disagree.
 *
 * - `lifecycleRounds`: every round as lib/pairing/lifecycle LifecycleRound (finishRule, eventOverview);
 * - `eventPlacings`: lib/standings finalPlacings over the frozen Swiss standings and the top-cut rounds;
 * - `stageNames`: the stage name of every round (lib/pairing/stages roundStageName) by round number.
 */
import { db, type Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { finalPlacings, type CutMatchResult, type Placing } from "@/lib/standings/placings";
import { eventOverview as overviewRule, finishRule, type EventOverview, type LifecycleRound } from "@/lib/pairing/lifecycle";
import { roundStageName, type StageName } from "@/lib/pairing/stages";
import { eventStandings } from "@/lib/server/read/standings";
import { disqualifiedTeamIds, plannedStructure } from "@/lib/server/write/roundState";
import { roundBatchPlan } from "@/lib/server/write/batchEnd";

type RoundRow = {
  number: number;
  kind: "SWISS" | "TOP_CUT";
  status: "PAIRED" | "PUBLISHED" | "CLOSED";
  matches: { table: number; outcome: string | null; winnerSlot: number | null; teams: { slot: number; teamId: string }[] }[];
};

async function roundRows(tx: Tx, eventId: string): Promise<RoundRow[]> {
  return tx.round.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    select: {
      number: true,
      kind: true,
      status: true,
      matches: {
        orderBy: { table: "asc" },
        select: { table: true, outcome: true, winnerSlot: true, teams: { select: { slot: true, teamId: true } } },
      },
    },
  });
}

function winnerOf(m: RoundRow["matches"][number]): string | null {
  if (m.outcome === "BYE") return m.teams.find((t) => t.slot === 1)?.teamId ?? null;
  if (m.outcome !== "WIN") return null;
  return m.teams.find((t) => t.slot === m.winnerSlot)?.teamId ?? null;
}

function asLifecycle(rows: RoundRow[]): LifecycleRound[] {
  return rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    status: r.status,
    matches: r.matches.map((m) => ({ table: m.table, final: m.outcome !== null, winnerTeamId: winnerOf(m) })),
  }));
}

/** Every round of the event as LifecycleRound (matches in table order; a bye is final and won by its team). */
export async function lifecycleRounds(tx: Tx, eventId: string): Promise<LifecycleRound[]> {
  return asLifecycle(await roundRows(tx, eventId));
}

/** A top-cut match as finalPlacings reads it: winner undefined = no result yet, null = no winner (double loss / double DQ). */
function cutMatch(m: RoundRow["matches"][number]): CutMatchResult {
  const team1 = m.teams.find((t) => t.slot === 1)!.teamId;
  const team2 = m.teams.find((t) => t.slot === 2)?.teamId ?? null;
  if (team2 === null) return { team1, team2 };
  return { team1, team2, winner: m.outcome === null ? undefined : winnerOf(m) };
}

/** The cut size the bracket was paired with: twice the first cut round's matches (byes included), else the plan. */
function pairedCut(rows: RoundRow[], planned: number): number {
  const first = rows.find((r) => r.kind === "TOP_CUT");
  return first ? Math.max(planned, first.matches.length * 2) : planned;
}

export interface EventPlacings {
  /** The event's stored status. */
  status: "REGISTRATION" | "RUNNING" | "FINISHED";
  /** finalPlacings' list (every team once), or null when the stored rounds do not form a bracket (the refusal code in `refusal`). */
  placings: Placing[] | null;
  refusal: string | null;
  /** The bracket is over (the final has its result, or there is no cut). */
  complete: boolean;
  /** The overview state (lib/pairing/lifecycle eventOverview): registration / running (current round + stage) / finished (champion id). */
  overview: EventOverview;
  /** Stage names by round number (roundStageName). */
  stages: Map<number, StageName>;
  /** Swiss rounds played, and the cut size (paired, else planned). */
  swissRounds: number;
  cut: number;
  /** Swiss rounds planned (Event.swissRounds or the recommendation), null when unknown. */
  plannedSwiss: number | null;
  /** May the organizer finish the event now (finishRule with the planned structure)? The refusal code when not. */
  finish: { ok: true } | { ok: false; code: string; params: Record<string, string | number> };
  /** The finished event's champion's team name (null while running or without a champion). */
  championName: string | null;
  /** Team id → its placing, for the pages that look a team up. */
  byTeam: Map<string, Placing>;
}

/**
 * The one placing read (see the module docstring). `tx` defaults to the app client (pages); actions
 * pass their transaction. Placings are finalPlacings over the official Swiss standings (frozen once
 * the cut starts, PS05) and every TOP_CUT round; the overview's champion is finalPlacings' first
 * place without a cut (the Swiss leader), the final's winner with one. A page that has just read the
 * official standings (standingsView without `provisional`) passes them as `known.standings` so they are
 * computed once per request.
 */
export async function eventPlacings(
  eventId: string,
  tx: Tx = db(),
  known: { standings?: Awaited<ReturnType<typeof eventStandings>>["standings"] } = {},
): Promise<EventPlacings> {
  // One after the other: `tx` may be a transaction, one connection (pg refuses queries queued on a busy client from pg 9).
  const event = await tx.event.findUniqueOrThrow({ where: { id: eventId }, select: { status: true } });
  const rows = await roundRows(tx, eventId);
  const { standings } = known.standings ? { standings: known.standings } : await eventStandings(tx, eventId);
  const dq = await disqualifiedTeamIds(tx, eventId);
  const planned = await plannedStructure(tx, eventId);
  const swissRounds = rows.filter((r) => r.kind === "SWISS").length;
  const cut = pairedCut(rows, planned.topCut);
  const stages = new Map(rows.map((r) => [r.number, roundStageName(r, { swissRounds, cut })]));
  const result = finalPlacings({
    standings,
    cut: rows.filter((r) => r.kind === "TOP_CUT").map((r) => r.matches.map(cutMatch)),
    disqualified: dq,
  });
  const placings = result.ok ? result.placings : null;
  const swissLeader = placings?.find((p) => p.place === 1)?.teamId ?? null;
  const overview = overviewRule({ status: event.status, topCut: cut }, asLifecycle(rows), swissLeader);
  const lifecycle = asLifecycle(rows);
  const rule = finishRule({ status: event.status, swissRounds: planned.swissRounds ?? swissRounds, topCut: planned.topCut }, lifecycle);
  const finish = rule.ok ? ({ ok: true } as const) : { ok: false as const, code: rule.code, params: rule.params };
  const championId = overview.state === "finished" ? overview.champion : null;
  const championName = championId
    ? ((await tx.team.findUnique({ where: { id: championId }, select: { name: true } }))?.name ?? null)
    : null;
  return {
    status: event.status,
    placings,
    refusal: result.ok ? null : result.code,
    complete: result.ok ? result.complete : false,
    overview,
    stages,
    swissRounds,
    cut,
    plannedSwiss: planned.swissRounds,
    championName,
    finish,
    byTeam: new Map((placings ?? []).map((p) => [p.teamId, p])),
  };
}

/**
 * The run-event page's look at unpublished rounds (issue #14): for every PAIRED round of the event,
 * its tables in order with the two team names (one name = a bye), and for every PUBLISHED round
 * whether a batch end can be undone (it has a BATCH snapshot). Staff only (the page checks the role).
 */
export async function roundPreviews(eventId: string) {
  const rounds = await db().round.findMany({
    where: { eventId, status: { in: ["PAIRED", "PUBLISHED"] } },
    orderBy: { number: "asc" },
    select: {
      id: true,
      status: true,
      snapshots: { where: { phase: "BATCH" }, select: { id: true } },
      matches: {
        orderBy: { table: "asc" },
        select: { id: true, table: true, teams: { orderBy: { slot: "asc" }, select: { team: { select: { name: true } } } } },
      },
    },
  });
  return new Map(
    rounds.map((r) => [
      r.id,
      {
        batchUndoable: r.snapshots.length > 0,
        tables: r.status === "PAIRED" ? r.matches.map((m) => ({ id: m.id, table: m.table, teams: m.teams.map((t) => t.team.name) })) : [],
      },
    ]),
  );
}

/** The batch-end plan of a published Swiss round for the run-event page (roundBatchPlan outside a transaction); null when refused. */
export async function batchPlanView(roundId: string) {
  try {
    return (await roundBatchPlan(db(), roundId)).plan;
  } catch (e) {
    if (e instanceof ActionError) return null;
    throw e;
  }
}

/**
 * The stage name of round `number` (roundStageName; "Top 4 — Semifinals", "Final", "Round 3") with
 * a light read (round kinds and the first cut round's size; the planned cut only before it), for the
 * pairings, round and print pages. Null when the event has no such round.
 */
export async function roundStage(eventId: string, number: number): Promise<StageName | null> {
  const rounds = await db().round.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    select: { number: true, kind: true, _count: { select: { matches: true } } },
  });
  const round = rounds.find((r) => r.number === number);
  if (!round) return null;
  if (round.kind === "SWISS") return roundStageName(round, { swissRounds: 0, cut: 0 });
  const first = rounds.find((r) => r.kind === "TOP_CUT")!;
  const planned = (await plannedStructure(db(), eventId)).topCut;
  const swissRounds = rounds.filter((r) => r.kind === "SWISS").length;
  return roundStageName(round, { swissRounds, cut: Math.max(planned, first._count.matches * 2) });
}
