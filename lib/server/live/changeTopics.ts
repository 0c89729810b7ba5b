/**
 * Live topics of the precise mutations (issue #15 contract; lib/server/live/topics.ts), read
 * inside the mutation's transaction (defineAction `topics`). One small query each.
 */
import type { Tx } from "@/lib/db";
import { matchTopics } from "./topics";

/**
 * A result, report, confirm or accept on one match: `results:<round>`, `team:<id>` of both teams,
 * and `standings` when the round is already closed (a correction changes official standings).
 * `["event"]` when the match is gone.
 */
export async function matchChangeTopics(tx: Tx, matchId: string): Promise<string[]> {
  const m = await tx.match.findUnique({
    where: { id: matchId },
    select: { round: { select: { number: true, status: true } }, teams: { select: { teamId: true } } },
  });
  if (!m) return ["event"];
  return matchTopics(
    m.round.number,
    m.teams.map((t) => t.teamId),
    m.round.status === "CLOSED",
  );
}

/** A round paired, published or changed: `pairings:<round>` (cards follow pairings; `event` when the round is gone). */
export async function roundPairingTopics(tx: Tx, roundId: string): Promise<string[]> {
  const r = await tx.round.findUnique({ where: { id: roundId }, select: { number: true } });
  return r ? [`pairings:${r.number}`] : ["event"];
}

/** A round closed: its results and the official standings. */
export async function roundClosedTopics(tx: Tx, roundId: string): Promise<string[]> {
  const r = await tx.round.findUnique({ where: { id: roundId }, select: { number: true } });
  return r ? [`results:${r.number}`, "standings"] : ["event"];
}
