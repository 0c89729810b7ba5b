/**
 * Batch end of round (issue #14), the stored side of lib/formats/batchEnd: the plan of one round
 * read from its matches (the preview and the action compute it with this one function, so what is
 * shown is what is applied), and the BATCH snapshot that lets one undo restore every match.
 */
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { batchEndPlan, type BatchEntry } from "@/lib/formats/batchEnd";
import { entryRefusalText } from "@/lib/formats/results";
import { eventRules } from "@/lib/server/write/eventRules";

/** A match's result fields before the batch (restored by the undo). */
export interface BatchBefore {
  outcome: "WIN" | "DRAW" | "DOUBLE_LOSS" | "BYE" | null;
  winnerSlot: number | null;
  endReason: string | null;
  lp1: number | null;
  lp2: number | null;
  games1: number;
  games2: number;
  reportedAt: string | null;
}

/** The BATCH snapshot of a round: per match, its version after the batch and its fields before. */
export interface BatchSnapshot {
  choice: "DRAW" | "DOUBLE_LOSS" | null;
  entries: { matchId: string; table: number; version: number; before: BatchBefore }[];
}

/** One planned entry with the team names the preview lists. */
export type PlannedEntry = BatchEntry & { teams: [string, string]; version: number };

/**
 * The batch plan of round `roundId`: lib/formats batchEndPlan over its matches (table order) with
 * the event's preset and settings. Throws ActionError NOT_FOUND (no such round), BATCH_TOP_CUT
 * (a top-cut round), or the core's refusal of a chosen outcome (NO_DRAWS: the event has no Swiss draws).
 * Returns the round and the plan (entries with team names and versions, refused tables, skipped counts).
 */
export async function roundBatchPlan(tx: Tx, roundId: string, choice?: "DRAW" | "DOUBLE_LOSS") {
  const round = await tx.round.findUnique({
    where: { id: roundId },
    include: {
      matches: {
        orderBy: { table: "asc" },
        include: { teams: { orderBy: { slot: "asc" }, include: { team: { select: { name: true, status: true } } } } },
      },
    },
  });
  if (!round) throw new ActionError("NOT_FOUND", "No such round.", "roundId", { what: "round" });
  const { preset, settings } = await eventRules(tx, round.eventId);
  const plan = batchEndPlan(
    preset,
    settings,
    round.kind === "TOP_CUT" ? "single_elimination" : "swiss",
    round.matches.map((m) => ({
      matchId: m.id,
      table: m.table,
      final: m.outcome !== null,
      bye: m.outcome === "BYE" || m.teams.length < 2,
      bothDropped: m.teams.length === 2 && m.teams.every((t) => t.team.status === "DROPPED"),
      games: { slot1: m.games1, slot2: m.games2 },
    })),
    choice,
  );
  if (!plan.ok) {
    if (plan.code === "BATCH_TOP_CUT")
      throw new ActionError("BATCH_TOP_CUT", "Ending a round in one step is not possible in the top cut: every match needs a winner.");
    throw new ActionError(plan.code, entryRefusalText(plan), "choice", plan.params);
  }
  const byId = new Map(round.matches.map((m) => [m.id, m]));
  const entries: PlannedEntry[] = plan.entries.map((e) => {
    const m = byId.get(e.matchId)!;
    return { ...e, teams: [m.teams[0].team.name, m.teams[1].team.name], version: m.version };
  });
  return { round, preset, plan: { entries, refused: plan.refused, skipped: plan.skipped } };
}
