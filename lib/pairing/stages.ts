/**
 * Round names by stage (issue #14: "Top-cut rounds named by stage everywhere"): Swiss rounds are
 * "Round N"; top-cut rounds are named by how many teams are left in the bracket — "Final" (2),
 * "Semifinals" (4), "Quarterfinals" (8), "Round of N" (16 and more) — and the first cut round also
 * names the cut ("Top 8 — Quarterfinals", "Top 16 — Round of 16", "Top 4 — Semifinals"; a cut of 2
 * is just "Final"). A cut that is not a power of two is played in the next power-of-two bracket
 * with byes for the top seeds (lib/pairing topCutFirstRound), so a top 6 starts with
 * "Top 6 — Quarterfinals".
 *
 * Returns message keys + params (messages: floor.stage.*), never text. Pure.
 */

/** What a round is, by stage. */
export type StageKind = "swiss" | "roundOf" | "quarterfinals" | "semifinals" | "final";

export interface StageName {
  kind: StageKind;
  /** Message key of the full name, e.g. "floor.stage.top.quarterfinals" ("Top {cut} — Quarterfinals"). */
  key: string;
  /** Message key of the short name (no "Top N —"), e.g. "floor.stage.quarterfinals". */
  shortKey: string;
  /** Params of both keys: {number} for Swiss; {cut, teams, cutRound} for the top cut. */
  params: Record<string, number>;
}

/** Bracket size of a cut: the next power of two ≥ the cut size (Top 6 → 8). Cut sizes below 2 give 0 (no bracket). */
export function bracketSize(cut: number): number {
  if (!Number.isInteger(cut) || cut < 2) return 0;
  let size = 2;
  while (size < cut) size *= 2;
  return size;
}

/** Number of top-cut rounds a cut of `cut` teams takes (Top 8 → 3, Top 6 → 3, Top 2 → 1, no cut → 0). */
export function cutRoundCount(cut: number): number {
  const size = bracketSize(cut);
  return size === 0 ? 0 : Math.log2(size);
}

/** The stage of the `cutRound`-th top-cut round (1-based) of a cut of `cut` teams; see the module docstring. */
export function cutStageName(cut: number, cutRound: number): StageName {
  const size = bracketSize(cut);
  const teams = size / 2 ** (cutRound - 1);
  const kind: StageKind = teams <= 2 ? "final" : teams === 4 ? "semifinals" : teams === 8 ? "quarterfinals" : "roundOf";
  const params = { cut, teams, cutRound };
  const first = cutRound === 1 && kind !== "final";
  return { kind, key: `floor.stage.${first ? "top." : ""}${kind}`, shortKey: `floor.stage.${kind}`, params };
}

/**
 * The name of a round: `kind` SWISS or TOP_CUT and its event-wide `number`; `swissRounds` = how
 * many Swiss rounds the event played before its cut (the cut's first round is swissRounds + 1);
 * `cut` = the cut size (Event.topCut or the planned structure). A TOP_CUT round with no cut of at
 * least 2, or numbered at or before the Swiss rounds, or after the final, falls back to "Round N"
 * (kind "swiss"), so a page never shows a wrong stage.
 */
export function roundStageName(
  round: { kind: "SWISS" | "TOP_CUT"; number: number },
  event: { swissRounds: number; cut: number },
): StageName {
  const swiss: StageName = { kind: "swiss", key: "floor.stage.swiss", shortKey: "floor.stage.swiss", params: { number: round.number } };
  if (round.kind !== "TOP_CUT") return swiss;
  const cutRound = round.number - event.swissRounds;
  if (cutRound < 1 || cutRound > cutRoundCount(event.cut)) return swiss;
  return cutStageName(event.cut, cutRound);
}

/** A later bracket round not paired yet (the bracket page's placeholder column). */
export interface BracketPlaceholder {
  /** 1-based top-cut round. */
  cutRound: number;
  /** Event-wide round number it will get (swissRounds + cutRound). */
  number: number;
  stage: StageName;
  /** Matches in that round (its empty slots). */
  slots: number;
}

/**
 * The top-cut rounds still to pair after `pairedCutRounds` of them (0 before the cut): one
 * placeholder per later round with its stage name and its number of matches. Top 8 after the
 * quarterfinals → Semifinals (2 slots), Final (1 slot). [] when there is no cut or the final is paired.
 */
export function bracketPlaceholders(cut: number, pairedCutRounds: number, swissRounds: number): BracketPlaceholder[] {
  const total = cutRoundCount(cut);
  const size = bracketSize(cut);
  const out: BracketPlaceholder[] = [];
  for (let r = Math.max(1, pairedCutRounds + 1); r <= total; r++) {
    out.push({ cutRound: r, number: swissRounds + r, stage: cutStageName(cut, r), slots: size / 2 ** r });
  }
  return out;
}
