/**
 * What the live round view (components/LivePairings) fetches after a change (issue #15): pure
 * over a {@link JsonGet}, so the rule is unit-tested without a browser.
 */
import type { PairingsData } from "@/lib/server/read/liveData";
import type { JsonGet } from "./useLiveJson";

/** The round number the newest `pairings:N` topic names, or 0. */
export function newestPairingsRound(changed: readonly string[]): number {
  let n = 0;
  for (const t of changed) if (/^pairings:\d+$/.test(t)) n = Math.max(n, Number(t.slice("pairings:".length)));
  return n;
}

/**
 * What the view fetches for the changes `changed` (see the module docstring): `?round=K` when
 * pinned; `?round=N` for a newer `pairings:N` (falling back to the current round when N is not
 * published); else the current round.
 */
export async function nextPairings(
  get: JsonGet,
  base: string,
  pinned: number | null,
  changed: readonly string[],
  shown: PairingsData,
): Promise<PairingsData> {
  if (pinned !== null) return get<PairingsData>(`${base}?round=${pinned}`);
  const newer = newestPairingsRound(changed);
  if (newer > (shown.round?.number ?? 0)) {
    const d = await get<PairingsData>(`${base}?round=${newer}`);
    if (d.round) return d;
  }
  return get<PairingsData>(base);
}
