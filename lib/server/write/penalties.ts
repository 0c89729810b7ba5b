/**
 * Server glue for penalties' match effects (issue #6): the ONE code path that writes a
 * penalty's game/match loss to a team's match — used by issuePenalty (the current match, or the
 * next one when it is already paired) and by pairing (pending penalties of the round just paired,
 * in the same transaction). The rules come from lib/formats/penalties (penaltyConsequence,
 * penaltyTarget, applyPenaltyToMatch); nothing is decided here.
 *
 * Pending penalties use the existing Penalty fields (no schema change): a GAME_LOSS/MATCH_LOSS
 * whose `roundNumber` names a round that does not exist yet is pending; when that round is paired
 * it is applied (and if the round is undone it becomes pending again and is re-applied when the
 * round is paired again).
 */
import { ActionError } from "@/lib/errors";
import type { Tx } from "@/lib/db";
import type { Preset } from "@/lib/formats/presets";
import {
  applyPenaltyToMatch,
  CARRY_OVER_KINDS,
  penaltyConsequence,
  type PenaltyConsequence,
  type PenaltyKind,
} from "@/lib/formats/penalties";

/** Locks a match row until the transaction ends (serializes reports/penalties of one table). */
export async function lockMatch(tx: Tx, matchId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Match" WHERE id = ${matchId} FOR UPDATE`;
}

/** State of a team's match in a round for {@link penaltyTarget}: open, final (incl. bye), or none (no seat). */
export async function teamMatchState(
  tx: Tx,
  roundId: string,
  teamId: string,
): Promise<{ state: "open" | "final" | "none"; matchId: string | null }> {
  const seat = await tx.matchTeam.findUnique({ where: { roundId_teamId: { roundId, teamId } } });
  if (!seat) return { state: "none", matchId: null };
  await lockMatch(tx, seat.matchId);
  const m = await tx.match.findUniqueOrThrow({ where: { id: seat.matchId }, include: { teams: true } });
  return { state: m.outcome || m.teams.length < 2 ? "final" : "open", matchId: m.id };
}

export interface AppliedPenalty {
  /** "match final" | "game recorded" | "bye" | "already final" | "no match" (messages: reporting.penalties.matchEffect). */
  note: string;
  before: Record<string, unknown> | null;
  change: Record<string, unknown> | null;
}

/**
 * Writes a penalty's match effect to the team's match in `round` (the match row is locked and
 * version-checked; a JUDGE ResultReport row records the penalty). Prior game-loss penalties of
 * both teams in that round count toward the result's penalty game losses (PS07); `priorBefore`
 * limits them to penalties created before that instant (pairing applies pending ones in order).
 * Returns what happened; writes no audit row (the caller's mutation writes its one row).
 * Throws ActionError STALE_RESULT when the match changed at the same time.
 */
export async function applyPenaltyToTeamMatch(
  tx: Tx,
  a: {
    eventId: string;
    preset: Preset;
    round: { id: string; number: number };
    teamId: string;
    userId: string;
    penalty: { kind: PenaltyKind; duelistId: string | null; id?: string };
    effect: PenaltyConsequence["match"];
    priorBefore?: Date;
  },
): Promise<AppliedPenalty> {
  const seat = await tx.matchTeam.findUnique({ where: { roundId_teamId: { roundId: a.round.id, teamId: a.teamId } } });
  if (!seat) return { note: "no match", before: null, change: null };
  await lockMatch(tx, seat.matchId);
  const m = await tx.match.findUniqueOrThrow({ where: { id: seat.matchId }, include: { teams: true } });
  const before = {
    matchId: m.id,
    table: m.table,
    outcome: m.outcome,
    winnerSlot: m.winnerSlot,
    games1: m.games1,
    games2: m.games2,
    version: m.version,
  };
  if (m.outcome === "BYE" || m.teams.length < 2) return { note: "bye", before, change: null };
  if (m.outcome) return { note: "already final", before, change: null };
  const opp = m.teams.find((t) => t.teamId !== a.teamId)!;
  const prior = await tx.penalty.findMany({
    where: {
      eventId: a.eventId,
      roundNumber: a.round.number,
      penalty: "GAME_LOSS",
      teamId: { in: [a.teamId, opp.teamId] },
      ...(a.priorBefore ? { createdAt: { lt: a.priorBefore } } : {}),
      ...(a.penalty.id ? { id: { not: a.penalty.id } } : {}),
    },
  });
  const count = (teamId: string) => prior.filter((p) => p.teamId === teamId).length;
  const bySlot = (slot: number) => m.teams.find((t) => t.slot === slot)!.teamId;
  const applied = applyPenaltyToMatch(
    a.preset,
    { games: { slot1: m.games1, slot2: m.games2, drawn: 0 }, penaltyGameLosses: { slot1: count(bySlot(1)), slot2: count(bySlot(2)) } },
    seat.slot as 1 | 2,
    a.effect,
  );
  if (applied.kind === "none") return { note: "none", before, change: null };
  const data =
    applied.kind === "final"
      ? {
          outcome: applied.result.outcome,
          winnerSlot: applied.result.winner,
          endReason: applied.result.reason,
          games1: applied.result.games.slot1,
          games2: applied.result.games.slot2,
          reportedAt: new Date(),
        }
      : { games1: applied.progress.games.slot1, games2: applied.progress.games.slot2 };
  const upd = await tx.match.updateMany({ where: { id: m.id, version: m.version }, data: { ...data, version: { increment: 1 } } });
  if (upd.count !== 1)
    throw new ActionError("STALE_RESULT", "That match changed at the same time; reload and try again. Nothing was saved.", undefined, {
      what: "same_time",
    });
  await tx.resultReport.create({
    data: {
      matchId: m.id,
      userId: a.userId,
      source: "JUDGE",
      payload: {
        penalty: a.penalty.kind,
        duelistId: a.penalty.duelistId,
        teamId: a.teamId,
        ...(a.penalty.id ? { penaltyId: a.penalty.id } : {}),
      },
    },
  });
  const change = {
    ...data,
    ...("reportedAt" in data && data.reportedAt ? { reportedAt: data.reportedAt.toISOString() } : {}),
    version: m.version + 1,
  };
  return { note: applied.kind === "final" ? "match final" : "game recorded", before, change };
}

/**
 * Applies the pending penalties of a round that was just paired (same transaction as pairing):
 * every GAME_LOSS/MATCH_LOSS of the event with `roundNumber` = the round's number, oldest first,
 * through {@link applyPenaltyToTeamMatch}. Returns one line per penalty for the pairing's audit row.
 * (I) A team without a match in that round (bye, not in the top cut) keeps the penalty on record
 * with no match effect.
 */
export async function applyPendingPenalties(
  tx: Tx,
  a: { eventId: string; preset: Preset; round: { id: string; number: number }; userId: string },
): Promise<{ penaltyId: string; teamId: string; penalty: string; matchEffect: string; table: number | null }[]> {
  const pending = await tx.penalty.findMany({
    where: { eventId: a.eventId, roundNumber: a.round.number, penalty: { in: [...CARRY_OVER_KINDS] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const out = [];
  for (const p of pending) {
    const kind = p.penalty as PenaltyKind;
    const r = await applyPenaltyToTeamMatch(tx, {
      eventId: a.eventId,
      preset: a.preset,
      round: a.round,
      teamId: p.teamId,
      userId: a.userId,
      penalty: { kind, duelistId: p.duelistId, id: p.id },
      effect: penaltyConsequence(a.preset, kind).match,
      priorBefore: p.createdAt,
    });
    out.push({
      penaltyId: p.id,
      teamId: p.teamId,
      penalty: p.penalty,
      matchEffect: r.note,
      table: (r.before?.table as number | undefined) ?? null,
    });
  }
  return out;
}
