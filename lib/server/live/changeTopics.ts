/**
 * Live topics of the precise mutations (issue #15 contract; lib/server/live/topics.ts), read
 * inside the mutation's transaction (defineAction `topics`). One small query each.
 */
import type { Tx } from "@/lib/db";
import { matchTopics } from "./topics";

/** Per transaction: topics of matches whose round and teams the action already read ({@link knowMatchTopics}). */
const known = new WeakMap<object, Map<string, string[]>>();

/**
 * Records, inside an action's transaction, the topics of a change to match `matchId` from the round
 * and teams the action read itself (a team's report or confirm: lib/server/actions/reporting.ts
 * reporterSeat), so {@link matchChangeTopics} needs no query of its own. Only for an action that
 * changes neither the match's round status nor its teams.
 */
export function knowMatchTopics(tx: Tx, matchId: string, round: { number: number; status: string }, teamIds: readonly string[]): void {
  let m = known.get(tx);
  if (!m) known.set(tx, (m = new Map()));
  m.set(matchId, matchTopics(round.number, teamIds, round.status === "CLOSED"));
}

/**
 * A result, report, confirm or accept on one match: `results:<round>`, `team:<id>` of both teams,
 * and `standings` when the round is already closed (a correction changes official standings).
 * `["event"]` when the match is gone. Read in `tx` unless the action recorded them ({@link knowMatchTopics}).
 */
export async function matchChangeTopics(tx: Tx, matchId: string): Promise<string[]> {
  const recorded = known.get(tx)?.get(matchId);
  if (recorded) return recorded;
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
