/**
 * The one final write of a match result (RULES §1.7 result entry; issue #11 "one result-entry
 * rule"): the judge's entry (lib/server/actions/rounds.ts) and an agreed or accepted team report
 * (lib/server/actions/reporting.ts writeAgreedResult) store the core's MatchResult the same way.
 */
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import type { MatchResult } from "@/lib/formats/results";

/** The Match columns a result sets (LP in life points, null when not given). */
export interface ResultColumns {
  outcome: MatchResult["outcome"];
  winnerSlot: MatchResult["winner"];
  endReason: MatchResult["reason"];
  games1: number;
  games2: number;
  lp1: number | null;
  lp2: number | null;
  firstSlot: number | null;
  reportedAt: Date;
}

/**
 * Writes `result` on the match if its version is still `match.version` (and, with `onlyIfOpen`,
 * it has no result yet), bumping the version; returns the columns written.
 * @throws ActionError STALE_RESULT when another save got there first (nothing written)
 */
export async function writeMatchResult(
  tx: Tx,
  match: { id: string; version: number },
  result: MatchResult,
  entered: { lp1?: number | null; lp2?: number | null; firstSlot: number | null },
  opts: { onlyIfOpen?: boolean } = {},
): Promise<ResultColumns> {
  const after: ResultColumns = {
    outcome: result.outcome,
    winnerSlot: result.winner,
    endReason: result.reason,
    games1: result.games.slot1,
    games2: result.games.slot2,
    lp1: entered.lp1 ?? null,
    lp2: entered.lp2 ?? null,
    firstSlot: entered.firstSlot,
    reportedAt: new Date(),
  };
  const updated = await tx.match.updateMany({
    where: { id: match.id, version: match.version, ...(opts.onlyIfOpen ? { outcome: null } : {}) },
    data: { ...after, version: { increment: 1 } },
  });
  if (updated.count !== 1)
    throw new ActionError(
      "STALE_RESULT",
      "Someone else saved a result for this match at the same time. Reload; nothing was saved.",
      undefined,
      { what: "same_time" },
    );
  return after;
}
