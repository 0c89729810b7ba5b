/**
 * Event operations glue (issue #5) shared by the round actions and the operations actions:
 * what the pairing engine is given (active, checked-in, entered teams with fixed tables; keep-apart
 * pairs; history with late-entry records), round snapshots (BEGIN at pairing, END at close), the
 * frozen Swiss standings the top cut is seeded from (PS05), and late-entry records (PS09).
 * Server-only; every function takes the caller's transaction.
 */
import { eventRules, type LoadedEventRules } from "@/lib/server/write/eventRules";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { LateEntry, RoundRecord, Standing } from "@/lib/standings";
import { ActionError } from "@/lib/errors";
import { recommendedStructure } from "@/lib/formats/structure";

/** Late entries of an event as lib/standings values (teams with an entryRound; policy default "losses"). */
export async function lateEntries(tx: Tx, eventId: string): Promise<LateEntry[]> {
  const rows = await tx.team.findMany({
    where: { eventId, entryRound: { not: null } },
    select: { id: true, entryRound: true, entryPolicy: true },
  });
  return rows.map((t) => ({ teamId: t.id, entryRound: t.entryRound!, policy: t.entryPolicy ?? "losses" }));
}

/**
 * Ids of the event's disqualified teams (any DISQUALIFICATION penalty; lib/formats teamCondition).
 * The one server-side guard that keeps them out of Swiss pairing (pairingInput) and top-cut
 * seeding (pairTopCutRound) even if a team's stored status were ACTIVE.
 */
export async function disqualifiedTeamIds(tx: Tx, eventId: string): Promise<Set<string>> {
  const rows = await tx.penalty.findMany({ where: { eventId, penalty: "DISQUALIFICATION" }, select: { teamId: true } });
  return new Set(rows.map((r) => r.teamId));
}

/** A team's first DISQUALIFICATION penalty (its roundNumber says when), or null when the team was never disqualified. */
export async function teamDisqualification(tx: Tx, eventId: string, teamId: string) {
  return tx.penalty.findFirst({ where: { eventId, teamId, penalty: "DISQUALIFICATION" }, orderBy: { createdAt: "asc" } });
}

export interface PairingInput {
  /** Teams to pair: ACTIVE, checked in, entered by this round (entryRound ≤ number). */
  teams: { id: string; fixedTable?: number }[];
  /** Entered active teams not checked in (check-in was opened and they never came): not paired, dropped as no-shows. */
  noShows: string[];
  /** Teams in `teams` holding a bye for this round (byeRounds ≥ number, RULES §2.3): given a bye, not paired. */
  byeHolders: string[];
  avoidPairs: [string, string][];
}

/**
 * What the pairing of Swiss round `number` starts from (history is loaded by the caller with
 * loadHistory, which adds the late-entry records). Refuses once a top cut has started.
 */
export async function pairingInput(tx: Tx, event: { id: string; checkInOpen: boolean }, number: number): Promise<PairingInput> {
  const cut = await tx.round.count({ where: { eventId: event.id, kind: "TOP_CUT" } });
  if (cut > 0)
    throw new ActionError(
      "TOP_CUT_STARTED",
      "The top cut has started: pair the next bracket round from the operations page instead of a Swiss round.",
      undefined,
      { what: "pair" },
    );
  const dq = await disqualifiedTeamIds(tx, event.id);
  const active = (
    await tx.team.findMany({
      where: { eventId: event.id, status: "ACTIVE", entry: "PLACED" }, // issue #16: waitlisted/pending teams are not paired
      orderBy: { number: "asc" },
      select: { id: true, checkedIn: true, fixedTable: true, entryRound: true, byeRounds: true },
    })
  ).filter((t) => !dq.has(t.id)); // Defence in depth: never pair a disqualified team

  const entered = active.filter((t) => (t.entryRound ?? 1) <= number);
  const teams = entered.filter((t) => t.checkedIn).map((t) => (t.fixedTable ? { id: t.id, fixedTable: t.fixedTable } : { id: t.id }));
  // checkedIn is false only after check-in opened (teams default to checked in): still false at pairing = no-show.
  const noShows = entered.filter((t) => !t.checkedIn).map((t) => t.id);
  const ids = new Set(teams.map((t) => t.id));
  const avoid = await tx.avoidPair.findMany({ where: { eventId: event.id } });
  // Bye holders (RULES §2.3): byes awarded before round 1 for rounds 1…byeRounds, not paired.
  const byeHolders = entered.filter((t) => t.checkedIn && t.byeRounds >= number).map((t) => t.id);
  return {
    teams,
    noShows,
    byeHolders,
    avoidPairs: avoid.filter((a) => ids.has(a.teamAId) && ids.has(a.teamBId)).map((a) => [a.teamAId, a.teamBId]),
  };
}

/** BEGIN snapshot data: the pairing's inputs and output (for undo, replay and the re-pair diff). */
export interface BeginSnapshot {
  number: number;
  kind: "SWISS" | "TOP_CUT";
  seed: string;
  inputs: {
    teams: { id: string; fixedTable?: number }[];
    avoidPairs: [string, string][];
    noShows: string[];
    historyRounds: number[];
    checkInWasOpen: boolean;
  };
  pairings: { table: number | null; team1: string; team2: string | null }[];
  /** Top cut only: the bracket round (lib/pairing BracketMatch[]); slot = table. */
  bracket?: { slot: number; seed1: number; seed2: number | null; team1: string; team2: string | null }[];
  /** Top cut only: the seeded draw that broke an exact tie at the cut line (lib/pairing drawCut). */
  cutDraw?: { seed: string; tied: string[]; order: string[]; places: number } | null;
}

/**
 * After a Swiss round is paired: no-shows (not checked in while check-in was open) are dropped
 * (droppedAfter 0) and check-in closes; the BEGIN snapshot is written. Returns what changed
 * for the caller's audit row.
 */
export async function afterPairing(
  tx: Tx,
  event: { id: string; checkInOpen: boolean },
  snap: BeginSnapshot & { roundId: string },
): Promise<{ noShows: string[] }> {
  const { roundId, ...data } = snap;
  if (snap.inputs.noShows.length) {
    await tx.team.updateMany({ where: { id: { in: snap.inputs.noShows } }, data: { status: "DROPPED", droppedAfter: 0 } });
  }
  if (event.checkInOpen) await tx.event.update({ where: { id: event.id }, data: { checkInOpen: false } });
  await tx.roundSnapshot.create({ data: { roundId, phase: "BEGIN", data: data as unknown as Prisma.InputJsonValue } });
  return { noShows: snap.inputs.noShows };
}

/** END snapshot data: every match's final result and the standings after the round. */
export interface EndSnapshot {
  number: number;
  results: {
    table: number;
    team1: string;
    team2: string | null;
    outcome: string | null;
    winnerSlot: number | null;
    games1: number;
    games2: number;
  }[];
  standings: Standing[];
}

/** Writes the END snapshot of a round being closed (call after its status became CLOSED). */
export async function writeEndSnapshot(tx: Tx, roundId: string, standings: Standing[]): Promise<void> {
  const round = await tx.round.findUniqueOrThrow({
    where: { id: roundId },
    include: { matches: { orderBy: { table: "asc" }, include: { teams: true } } },
  });
  const data: EndSnapshot = {
    number: round.number,
    results: round.matches.map((m) => ({
      table: m.table,
      team1: m.teams.find((t) => t.slot === 1)!.teamId,
      team2: m.teams.find((t) => t.slot === 2)?.teamId ?? null,
      outcome: m.outcome,
      winnerSlot: m.winnerSlot,
      games1: m.games1,
      games2: m.games2,
    })),
    standings,
  };
  await tx.roundSnapshot.upsert({
    where: { roundId_phase: { roundId, phase: "END" } },
    create: { roundId, phase: "END", data: data as unknown as Prisma.InputJsonValue },
    update: { data: data as unknown as Prisma.InputJsonValue },
  });
}

/**
 * PS05: once a top cut exists, the final Swiss standings are the END snapshot of the last Swiss
 * round — later drops or corrections never rewrite them. Null when no top cut has started (or
 * the snapshot is missing).
 */
export async function frozenSwissStandings(tx: Tx, eventId: string): Promise<{ standings: Standing[]; throughRound: number } | null> {
  const cut = await tx.round.findFirst({ where: { eventId, kind: "TOP_CUT" }, select: { id: true } });
  if (!cut) return null;
  const lastSwiss = await tx.round.findFirst({
    where: { eventId, kind: "SWISS", status: "CLOSED" },
    orderBy: { number: "desc" },
    include: { snapshots: { where: { phase: "END" } } },
  });
  const snap = lastSwiss?.snapshots[0]?.data as unknown as EndSnapshot | undefined;
  if (!lastSwiss || !snap) return null;
  return { standings: snap.standings, throughRound: lastSwiss.number };
}

/** A round's BEGIN snapshot, or null. */
export async function beginSnapshot(tx: Tx, roundId: string): Promise<BeginSnapshot | null> {
  const s = await tx.roundSnapshot.findUnique({ where: { roundId_phase: { roundId, phase: "BEGIN" } } });
  return (s?.data as unknown as BeginSnapshot) ?? null;
}

/**
 * Keeps the BEGIN snapshot of a round being undone as an UNDONE snapshot (roundId null: the round
 * row is deleted; eventId + number name it). One row per undo; the re-pair diff reads the latest.
 */
export async function writeUndoneSnapshot(tx: Tx, eventId: string, begin: BeginSnapshot): Promise<void> {
  await tx.roundSnapshot.create({
    data: { eventId, number: begin.number, phase: "UNDONE", data: begin as unknown as Prisma.InputJsonValue },
  });
}

/** Entrants for the structure table: active teams plus dropped teams that played (no-shows excluded). */
export async function entrantCount(tx: Tx, eventId: string): Promise<number> {
  return tx.team.count({ where: { eventId, OR: [{ status: "ACTIVE", entry: "PLACED" }, { seats: { some: {} } }] } });
}

/**
 * Bye holders among the entrants by bye length (RULES §2.3 Tier 3–4): teams with
 * byeRounds 1, 2, 3 that are active or have played.
 */
export async function byeHolderCounts(tx: Tx, eventId: string): Promise<{ one: number; two: number; three: number }> {
  const rows = await tx.team.groupBy({
    by: ["byeRounds"],
    where: { eventId, byeRounds: { gt: 0 }, OR: [{ status: "ACTIVE", entry: "PLACED" }, { seats: { some: {} } }] },
    _count: { _all: true },
  });
  const n = (k: number) => rows.find((r) => r.byeRounds === k)?._count._all ?? 0;
  return { one: n(1), two: n(2), three: n(3) };
}

/** Numbers of the rounds in a history (for the snapshot). */
export const roundNumbers = (h: readonly RoundRecord[]) => h.map((r) => r.number);

/**
 * Planned structure: the organizer's override, else lib/formats recommendedStructure for the
 * entrants. `rules`: the transaction's eventRules load when the caller has it (else loaded here).
 */
export async function plannedStructure(tx: Tx, eventId: string, rules?: LoadedEventRules) {
  const { event, preset, settings } = rules ?? (await eventRules(tx, eventId));
  const entrants = await entrantCount(tx, eventId);
  const byeHolders = await byeHolderCounts(tx, eventId);
  const rec = entrants >= 2 ? recommendedStructure(preset, entrants, settings, byeHolders) : null;
  return {
    entrants,
    recommended: rec,
    swissRounds: event.swissRounds ?? rec?.swissRounds ?? null,
    topCut: event.topCut ?? rec?.topCut ?? 0,
    overridden: { swissRounds: event.swissRounds !== null, topCut: event.topCut !== null },
  };
}
