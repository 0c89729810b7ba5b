/**
 * Final placings of an event (issue #14 "A finished event"): the one ranking that exports, print
 * pages, the overview and the read API show once the top cut is played.
 *
 * Order (issue #14; the order a KTS export's `Rank` column follows, issue #17):
 * 1. the winner of the final, 2. the finalist;
 * 3. the losers of each earlier cut round, deepest round first (semifinal losers 3–4, then the
 *    quarterfinal losers 5–8, then 9–16 …); inside one round the losers are ordered by their
 *    Swiss standing (the frozen Swiss standings: top-cut matches do not change tiebreakers, RULES §6.1);
 * 4. everyone else in Swiss order (dropped teams included, RULES §6.2: a drop keeps the rounds played).
 * An event without a cut is Swiss order. A cut whose size is not a power of two gives the top seeds
 * byes (lib/pairing topCutFirstRound): a bye has no loser, so that round's band is smaller (Top 6:
 * 5–6). A cut match without a winner (a double disqualification: the next-round opponent gets a bye)
 * eliminates both teams in that round.
 * Disqualified teams get no place (the rules are silent on placings; prizes pass down, so the teams
 * below move up): they are listed last, in Swiss order, with `place` null.
 * While the bracket is not finished (`complete` false) the teams still in it are listed first, in
 * Swiss order, as stage "alive", so a provisional list can be shown.
 *
 * Pure: plain values in, a list out; input errors are typed refusals, never exceptions.
 */

/** One top-cut match as placings need it: `team2` null = bye; `winner` null = no winner (double DQ), undefined = not played yet. */
export interface CutMatchResult {
  team1: string;
  team2: string | null;
  winner?: string | null;
}

/** Where a team finished. */
export type PlacingStage = "champion" | "finalist" | "cut" | "alive" | "swiss" | "disqualified";

export interface Placing {
  /** 1-based final place; null for a disqualified team. Places are distinct (ties broken by Swiss order). */
  place: number | null;
  teamId: string;
  stage: PlacingStage;
  /**
   * The band of places the team's stage spans, e.g. {from: 5, to: 8} for a quarterfinal loser of a
   * top 8 ("5th–8th"); {from: 1, to: 1} for the champion; null for Swiss-order and disqualified teams.
   */
  band: { from: number; to: number } | null;
  /** 1-based top-cut round the team lost in (stage "cut" / "finalist"), else null. */
  cutRound: number | null;
  /** The team's rank in the Swiss standings (computeStandings `rank`). */
  swissRank: number;
  dropped: boolean;
}

export interface PlacingsInput {
  /** Swiss standings rows in standing order (computeStandings output over the Swiss rounds only). */
  standings: readonly { teamId: string; rank: number; dropped: boolean }[];
  /** Top-cut rounds in order (first cut round first), each in bracket order; [] = no cut (or not started). */
  cut: readonly (readonly CutMatchResult[])[];
  /** Disqualified teams (no place, listed last). */
  disqualified?: ReadonlySet<string> | readonly string[];
}

/**
 * Typed refusals of {@link finalPlacings} (messages: floor.refusals.<code>):
 * PLACINGS_UNKNOWN_TEAM {teamId} — a cut team not in the standings;
 * PLACINGS_TEAM_TWICE {teamId, round} — a team in two matches of one cut round;
 * PLACINGS_WINNER_NOT_IN_MATCH {teamId, round} — a winner who did not play that match;
 * PLACINGS_ROUND_AFTER_UNFINISHED {round} — a cut round paired while an earlier one had a match without a result.
 */
export const PLACINGS_REFUSALS = [
  "PLACINGS_UNKNOWN_TEAM",
  "PLACINGS_TEAM_TWICE",
  "PLACINGS_WINNER_NOT_IN_MATCH",
  "PLACINGS_ROUND_AFTER_UNFINISHED",
] as const;
export type PlacingsRefusal = { ok: false; code: (typeof PLACINGS_REFUSALS)[number]; params: Record<string, string | number> };

/** True when the bracket's last round is the final (one match) and it has a winner (or is a walkover). */
function bracketComplete(cut: readonly (readonly CutMatchResult[])[]): boolean {
  if (cut.length === 0) return true;
  const last = cut[cut.length - 1];
  if (last.length !== 1) return false;
  const m = last[0];
  return m.team2 === null || m.winner !== undefined;
}

/**
 * Final placings (see the module docstring for the order). Returns `{ ok: true, placings, complete,
 * champion }` — `placings` covers every team of `standings` once; `champion` is the final's winner
 * (null without a cut, while the final is unplayed, or when it had no winner) — or a typed
 * {@link PlacingsRefusal}.
 */
export function finalPlacings(
  input: PlacingsInput,
): { ok: true; placings: Placing[]; complete: boolean; champion: string | null } | PlacingsRefusal {
  const swissIndex = new Map<string, number>();
  input.standings.forEach((s, i) => swissIndex.set(s.teamId, i));
  const row = (id: string) => input.standings[swissIndex.get(id)!];
  const dq = new Set(input.disqualified ?? []);
  const refuse = (code: PlacingsRefusal["code"], params: PlacingsRefusal["params"]): PlacingsRefusal => ({ ok: false, code, params });

  // Round (1-based) each cut team was eliminated in; teams still alive are absent.
  const eliminatedIn = new Map<string, number>();
  const inCut = new Set<string>();
  for (let r = 0; r < input.cut.length; r++) {
    const seen = new Set<string>();
    for (const m of input.cut[r]) {
      for (const t of [m.team1, m.team2]) {
        if (t === null) continue;
        if (!swissIndex.has(t)) return refuse("PLACINGS_UNKNOWN_TEAM", { teamId: t });
        if (seen.has(t)) return refuse("PLACINGS_TEAM_TWICE", { teamId: t, round: r + 1 });
        seen.add(t);
        inCut.add(t);
      }
      if (m.team2 === null) continue; // a bye: team1 advances, nobody loses
      if (m.winner === undefined) {
        if (r < input.cut.length - 1) return refuse("PLACINGS_ROUND_AFTER_UNFINISHED", { round: r + 2 });
        continue;
      }
      if (m.winner !== null && m.winner !== m.team1 && m.winner !== m.team2)
        return refuse("PLACINGS_WINNER_NOT_IN_MATCH", { teamId: m.winner, round: r + 1 });
      for (const t of [m.team1, m.team2]) if (t !== m.winner) eliminatedIn.set(t, r + 1);
    }
  }
  const complete = bracketComplete(input.cut);
  const final = input.cut.length > 0 ? input.cut[input.cut.length - 1] : null;
  const finalWinner =
    complete && final && final.length === 1 ? (final[0].team2 === null ? final[0].team1 : (final[0].winner ?? null)) : null;
  // A disqualified winner is no champion (it gets no place); the finalist then places first.
  const champion = finalWinner !== null && !dq.has(finalWinner) ? finalWinner : null;

  const bySwiss = (a: string, b: string) => swissIndex.get(a)! - swissIndex.get(b)!;
  const groups: { stage: PlacingStage; teams: string[]; cutRound: number | null; banded: boolean }[] = [];
  const alive = [...inCut].filter((t) => !eliminatedIn.has(t) && t !== champion && !dq.has(t)).sort(bySwiss);
  if (champion !== null && !dq.has(champion)) groups.push({ stage: "champion", teams: [champion], cutRound: null, banded: true });
  if (alive.length) groups.push({ stage: "alive", teams: alive, cutRound: null, banded: false });
  for (let r = input.cut.length; r >= 1; r--) {
    const losers = [...eliminatedIn]
      .filter(([t, round]) => round === r && !dq.has(t))
      .map(([t]) => t)
      .sort(bySwiss);
    const isFinal = complete && r === input.cut.length;
    if (losers.length) groups.push({ stage: isFinal ? "finalist" : "cut", teams: losers, cutRound: r, banded: true });
  }
  groups.push({
    stage: "swiss",
    teams: input.standings.map((s) => s.teamId).filter((t) => !inCut.has(t) && !dq.has(t)),
    cutRound: null,
    banded: false,
  });

  const placings: Placing[] = [];
  let next = 1;
  for (const g of groups) {
    const band = g.banded ? { from: next, to: next + g.teams.length - 1 } : null;
    for (const t of g.teams) {
      const s = row(t);
      placings.push({ place: next++, teamId: t, stage: g.stage, band, cutRound: g.cutRound, swissRank: s.rank, dropped: s.dropped });
    }
  }
  for (const s of input.standings) {
    if (!dq.has(s.teamId)) continue;
    placings.push({
      place: null,
      teamId: s.teamId,
      stage: "disqualified",
      band: null,
      cutRound: eliminatedIn.get(s.teamId) ?? null,
      swissRank: s.rank,
      dropped: s.dropped,
    });
  }
  return { ok: true, placings, complete, champion };
}
