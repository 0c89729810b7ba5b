/**
 * Read-side glue between stored rounds and the pure core: builds lib/standings RoundRecords from
 * Match rows (read once), computes standings with the event's preset config.
 */
import { eventRules, type LoadedEventRules } from "@/lib/server/write/eventRules";
import { computeStandings, configFromPreset, withLateEntries, type MatchRecord, type RoundRecord, type Standing } from "@/lib/standings";
import { disqualifiedTeamIds, frozenSwissStandings, lateEntries, plannedStructure } from "@/lib/server/write/roundState";
import { cutLineTie } from "@/lib/pairing/topcut";
import { db, type Tx } from "@/lib/db";

type MatchRow = {
  outcome: "WIN" | "DRAW" | "DOUBLE_LOSS" | "BYE" | null;
  winnerSlot: number | null;
  games1: number;
  games2: number;
  teams: { slot: number; teamId: string }[];
};

/** One stored match as a standings MatchRecord (slot 1 = team1). */
export function toMatchRecord(m: MatchRow): MatchRecord {
  const t1 = m.teams.find((t) => t.slot === 1)!.teamId;
  const t2 = m.teams.find((t) => t.slot === 2)?.teamId ?? null;
  const result: MatchRecord["result"] =
    m.outcome === "BYE"
      ? "bye"
      : m.outcome === "DRAW"
        ? "draw"
        : m.outcome === "DOUBLE_LOSS"
          ? "doubleLoss"
          : m.outcome === "WIN"
            ? m.winnerSlot === 2
              ? "team2"
              : "team1"
            : "pending";
  return { team1: t1, team2: t2, result };
}

/**
 * Rounds of an event as RoundRecords; `statuses` picks which (official standings: CLOSED only).
 * Swiss history includes the late entries' missed rounds as loss/bye records (PS09, withLateEntries).
 */
export async function loadHistory(
  tx: Tx,
  eventId: string,
  statuses: ("PAIRED" | "PUBLISHED" | "CLOSED")[] = ["CLOSED"],
  kind: "SWISS" | "TOP_CUT" = "SWISS",
): Promise<RoundRecord[]> {
  const rounds = await tx.round.findMany({
    where: { eventId, status: { in: statuses }, kind },
    orderBy: { number: "asc" },
    include: { matches: { include: { teams: { select: { slot: true, teamId: true } } } } },
  });
  const records = rounds.map((r) => ({ number: r.number, matches: r.matches.map(toMatchRecord) }));
  return kind === "SWISS" ? withLateEntries(records, await lateEntries(tx, eventId)) : records;
}

/**
 * Standings of an event from the given rounds, with the event's preset config. Once a top cut has
 * started, the frozen final Swiss standings (END snapshot of the last Swiss round, PS05).
 * `opts.rules`: the transaction's eventRules load when the caller has it.
 */
export async function eventStandings(
  tx: Tx,
  eventId: string,
  opts: { provisional?: boolean; rules?: LoadedEventRules } = {},
): Promise<{ standings: Standing[]; throughRound: number }> {
  const frozen = await frozenSwissStandings(tx, eventId);
  if (frozen) return frozen;
  const { preset, settings } = opts.rules ?? (await eventRules(tx, eventId));
  const config = configFromPreset(preset, settings);
  const history = await loadHistory(tx, eventId, opts.provisional ? ["PUBLISHED", "CLOSED"] : ["CLOSED"]);
  const teams = await tx.team.findMany({ where: { eventId }, select: { id: true, status: true, droppedAfter: true } });
  const standings = computeStandings({
    teams: teams.map((t) => ({ id: t.id, dropped: t.status === "DROPPED", droppedAfterRound: t.droppedAfter ?? undefined })),
    rounds: history,
    config,
  });
  return { standings, throughRound: history.at(-1)?.number ?? 0 };
}

/**
 * The exact tie at the top-cut line the TO is shown before starting the cut (lib/pairing
 * cutLineTie on the frozen / official Swiss standings, dropped and disqualified teams skipped),
 * with team names; null when no tie crosses the line or the event has no cut.
 */
export async function cutTieView(
  tx: Tx,
  eventId: string,
): Promise<{ size: number; places: number; firstPlace: number; teams: string[] } | null> {
  const size = (await plannedStructure(tx, eventId)).topCut;
  if (size < 2) return null;
  const standings = (await frozenSwissStandings(tx, eventId)) ?? (await eventStandings(tx, eventId));
  const dq = await disqualifiedTeamIds(tx, eventId);
  const dropped = new Set(standings.standings.filter((s) => s.dropped).map((s) => s.teamId));
  const tie = cutLineTie(standings.standings, size, (t) => !dq.has(t) && !dropped.has(t));
  if (!tie) return null;
  const names = new Map(
    (await tx.team.findMany({ where: { id: { in: tie.tied } }, select: { id: true, name: true } })).map((t) => [t.id, t.name]),
  );
  return { size, places: tie.places, firstPlace: tie.firstPlace, teams: tie.tied.map((t) => names.get(t) ?? t) };
}

/**
 * The standings of the standings page, the print page and the CSV (one read for all three):
 * eventStandings (official, or provisional with the open round), every team of the event with
 * its duelists (A, B) by id, and the disqualified team ids (disqualifiedTeamIds).
 */
export async function standingsView(eventId: string, opts: { provisional?: boolean } = {}) {
  const tx = db();
  const [{ standings, throughRound }, teamRows, disqualified] = await Promise.all([
    eventStandings(tx, eventId, opts),
    tx.team.findMany({ where: { eventId }, include: { duelists: { orderBy: { designation: "asc" } } } }),
    disqualifiedTeamIds(tx, eventId),
  ]);
  return { standings, throughRound, teams: new Map(teamRows.map((t) => [t.id, t])), disqualified };
}

/** The cut-line tie notice of the admin page (cutTieView outside a transaction). */
export async function cutTieNotice(eventId: string) {
  return cutTieView(db(), eventId);
}
