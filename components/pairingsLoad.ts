/**
 * The live round view's data (components/LivePairings, issue #15), pure so it is unit-tested
 * without a browser: what it fetches after a change ({@link nextPairings}) and the compact model
 * it renders ({@link roundModel}). The model is what the server page sends in its RSC payload, so
 * a 375-table round keeps a small page (issue #6 load target: each name once, no ids), and what
 * the client derives from every fetched PairingsData.
 */
import type { ActivationData, PairingsData } from "@/lib/server/read/liveData";
import { isolate } from "@/lib/i18n/bidi";
import type { JsonGet } from "./useLiveJson";

/**
 * One match of the round view: [table (≤ 0 = bye), team 1 name, team 1 duelists ("A: x · B: y"),
 * team 2 name or null (bye), team 2 duelists or null, outcome or null (running), winner slot or
 * null, games won by team 1, by team 2, 1 when it is the viewer's table else 0, the match's own
 * extensions (ADD rows, issue #6) or 0].
 */
export type ModelRow = [
  table: number,
  team1: string,
  duelists1: string,
  team2: string | null,
  duelists2: string | null,
  outcome: string | null,
  winnerSlot: number | null,
  games1: number,
  games2: number,
  mine: 0 | 1,
  extensions: ActivationData[] | 0,
];

/** The round view's model: PairingsData's version and round, one {@link ModelRow} per match (table order, byes last). */
export interface RoundModel {
  version: number;
  round: PairingsData["round"];
  rows: ModelRow[];
}

type Seat = PairingsData["matches"][number]["seats"][number];

// Each name is direction-isolated (FSI … PDI, lib/i18n/bidi) so an Arabic name cannot pull the "·" or
// the other duelist's designation into its run; the row tuple stays one string.
const duelistLine = (s: Seat) => s.duelists.map((d) => `${d.designation}: ${isolate(d.name)}`).join(" · ");

/** The model of `d` as seen by the duelist of team `myTeamId` (null: a spectator). */
export function roundModel(d: PairingsData, myTeamId: string | null): RoundModel {
  return {
    version: d.version,
    round: d.round,
    rows: d.matches.map((m): ModelRow => {
      const a = m.seats.find((s) => s.slot === 1) ?? m.seats[0];
      const b = m.seats.find((s) => s !== a);
      return [
        m.table,
        a.name,
        duelistLine(a),
        b ? b.name : null,
        b ? duelistLine(b) : null,
        m.outcome,
        m.winnerSlot,
        m.games1 ?? 0,
        m.games2 ?? 0,
        myTeamId !== null && m.seats.some((s) => s.teamId === myTeamId) ? 1 : 0,
        m.extensions?.length ? m.extensions : 0,
      ];
    }),
  };
}

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
  shown: { round: { number: number } | null },
): Promise<PairingsData> {
  if (pinned !== null) return get<PairingsData>(`${base}?round=${pinned}`);
  const newer = newestPairingsRound(changed);
  if (newer > (shown.round?.number ?? 0)) {
    const d = await get<PairingsData>(`${base}?round=${newer}`);
    if (d.round) return d;
  }
  return get<PairingsData>(base);
}
