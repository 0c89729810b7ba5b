/**
 * Standings: match points and tiebreakers for a Swiss event, computed from plain values.
 *
 * This module is the ONE place where totals are summed (PS03): points, wins/losses/draws/byes,
 * MW%, OMW%/OppMW%, OppOppMW%, GW%, OGW%, the KTS number and cut lines all come from
 * `computeStandings` (or helpers that read its output).
 *
 * Rules implemented:
 * - Match points per preset (RULES §1.9, §5.5, §6.1, §6.2; C58). A bye is worth `points.bye`,
 *   a double loss `points.doubleLoss` for both teams (v2.5, C40).
 * - Konami (KTS, RULES §6.1 as measured on a real KTS 3.0 export; every preset ranked by
 *   OPP_MW / OPP_OPP_MW): points → OppMW% → OppOppMW%. OppMW% = Σ opponents' match points ÷
 *   Σ (3 × rounds each opponent played) — opponents weighted by rounds played, not a mean of
 *   percentages; OppOppMW% = the same ratio over every opponent's opponents, repeats included.
 *   A bye counts in the own record (points and a round) but is not an opponent; an unopposed
 *   loss is a played round worth 0; a dropped team counts the rounds it played; no floor;
 *   the printed YYY/ZZZ are truncated; the caller passes Swiss rounds only (C59, C60, C62, §8.16).
 * - MTR: points → OMW% → GW% → OGW%; opponents' MW%/GW% floored (0.33 in the MTR text, C62);
 *   byes are not opponents; own MW% counts bye rounds unless `byeInOwnMw` is false (C63, §8.15);
 *   a dropped team's percentages use only rounds it played (§5.5).
 *
 * Provisional vs official standings: the caller chooses which rounds to pass (PS05/PS06); a
 * match whose result is `"pending"` is ignored entirely (as if not played yet).
 */
import type { Points, Preset, PresetSettings, Tiebreaker } from "../formats/presets";
import { gamesToWin } from "../formats/results";
import type { ColumnFormat, TiebreakerColumn, TiebreakerRow } from "../formats/tiebreakers";

export type { ColumnFormat, TiebreakerColumn, TiebreakerRow } from "../formats/tiebreakers";
export { KONAMI_COLUMNS, MTR_COLUMNS } from "../formats/tiebreakers";

/**
 * Outcome of one match from team1's side. `"bye"` requires `team2 === null`. `"loss"` is an
 * unopposed loss (`team2 === null`): a round a late entry missed and that counts as a loss
 * (see `lateEntryRecords`).
 */
export type MatchResult = "team1" | "team2" | "draw" | "doubleLoss" | "bye" | "loss" | "pending";

/**
 * One match (or bye) of a round.
 * - `games`: games (duels) won by each team and drawn games, INCLUDING games awarded by
 *   game-loss penalties if the caller already counted them. Optional: when absent, games are
 *   inferred from the result (a win = ⌈bestOf/2⌉–0, a draw = 0–0 with one drawn game, a double
 *   loss = 0–0 with no game, a bye = `config.byeGames`–0).
 * - `gameLossPenalties`: extra game losses on top of `games` (each = one game won by the
 *   opponent; for a double loss both sides just lose a game). Counts in GW% only; the match
 *   result is whatever `result` says.
 */
export interface MatchRecord {
  team1: string;
  team2: string | null;
  result: MatchResult;
  games?: { team1: number; team2: number; draws: number };
  gameLossPenalties?: { team1: number; team2: number };
}

export interface RoundRecord {
  number: number;
  matches: MatchRecord[];
}

export interface StandingsTeam {
  id: string;
  dropped?: boolean;
  droppedAfterRound?: number;
}

/** Everything computeStandings needs to know about scoring; build it with configFromPreset. */
export interface StandingsConfig {
  points: Points;
  /** Tiebreakers after match points, in order. */
  tiebreakers: readonly Tiebreaker[];
  /** Floor applied to each OPPONENT's MW% and GW% (MTR 0.33; melee.gg 1/3; Konami 0). */
  percentageFloor: number;
  /** Whether a bye round counts in the team's own MW% (C63, §8.15). */
  byeInOwnMw: boolean;
  /** Whether the team's own GW% is floored too (MTR text: yes; most melee.gg events: no). */
  floorOwnGw: boolean;
  /** Game wins credited for a bye when the record carries no `games` (bo1: 1, bo3: 2). */
  byeGames: number;
  /** Game wins for a match win when the record carries no `games` (bo1: 1, bo3: 2). */
  winGames: number;
  /**
   * How opponents' percentages combine (RULES §6.1 vs §5.5). `"konami"`: round-weighted sums
   * (Σ points ÷ Σ 3 × rounds) for OppMW% / OppOppMW%, no floor; `"mtr"`: mean of each
   * opponent's (floored) MW%. Absent: `"konami"` when the tiebreakers start with OPP_MW.
   */
  opponentMethod?: "konami" | "mtr";
}

export interface Standing {
  rank: number;
  /** True when every sort key equals the previous team's (rank shared, order by team id). */
  tiedWithPrevious: boolean;
  teamId: string;
  dropped: boolean;
  points: number;
  matchesPlayed: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  doubleLosses: number;
  gamesWon: number;
  gamesLost: number;
  gamesDrawn: number;
  /** Own match-win % (0..1, unfloored; bye rounds per `byeInOwnMw`). */
  mwp: number;
  /**
   * Konami OppMW% (0..1): Σ opponents' points ÷ Σ 3 × their rounds (RULES §6.1); MTR OMW%: mean
   * of opponents' MW%, each floored at percentageFloor (§5.5).
   */
  omwp: number;
  /** Konami OppOppMW% (0..1): the same ratio over every opponent's opponents (§6.1); MTR: mean of opponents' OMW%. */
  oomwp: number;
  /** Own game-win % (floored when `floorOwnGw`). */
  gwp: number;
  /** Mean of opponents' GW% (each floored). */
  ogwp: number;
  /** KTS `XX YYY ZZZ` number as KTS stores it, a plain integer in a string (9444761; C59, §6.1). */
  kts: string;
  /** Opponents faced (byes excluded), in round order. */
  opponents: string[];
}

/** Konami vs MTR style config from a preset + event settings (C60, C62, C63). */
export function configFromPreset(preset: Preset, settings: PresetSettings): StandingsConfig {
  const games = gamesToWin(preset); // §1.4, §2.1, §5.2
  return {
    points: preset.points,
    tiebreakers: preset.tiebreakers,
    percentageFloor: preset.percentageFloor,
    byeInOwnMw: settings.byeInOwnMw,
    floorOwnGw: preset.percentageFloor > 0,
    byeGames: games,
    winGames: games,
    opponentMethod: preset.tiebreakers[0] === "OPP_MW" ? "konami" : "mtr",
  };
}

/**
 * MTR tiebreakers for a 1v1 best-of-three event (not a 2v2 preset; used for PS10).
 * `floor` defaults to the MTR text's 0.33; melee.gg computes with exactly 1/3.
 * `floorOwnGw`: whether the player's own GW% is floored (event-specific on melee.gg).
 */
export function mtr1v1Bo3Config(opts: { floor?: number; floorOwnGw?: boolean; byeInOwnMw?: boolean } = {}): StandingsConfig {
  return {
    points: { win: 3, draw: 1, loss: 0, bye: 3, doubleLoss: 0 },
    tiebreakers: ["OMW", "GW", "OGW"],
    percentageFloor: opts.floor ?? 0.33,
    byeInOwnMw: opts.byeInOwnMw ?? true,
    floorOwnGw: opts.floorOwnGw ?? true,
    byeGames: 2,
    winGames: 2,
    opponentMethod: "mtr",
  };
}

interface Acc {
  id: string;
  dropped: boolean;
  points: number;
  byePoints: number;
  played: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  doubleLosses: number;
  gw: number;
  gl: number;
  gd: number;
  opponents: string[];
}

const EPS = 1e-9;

/**
 * Truncate a 0..1 fraction to thousandths as exactly 3 digits (C59/C60: 0.7778 → "777").
 * 100 % would be "1000" and shift every digit after it (`031000333`, 9 digits, next to
 * `06333833`), so the part is capped at 999 — the usual display cap: KTS prints `YYY` as three
 * digits (RULES §6.1), and 99.9 % vs 100 % never decides anything the truncation did not already
 * merge. Below 0 / NaN → "000". The standings themselves sort on the exact fractions, not this string.
 */
export function ktsPart(x: number): string {
  const n = Number.isFinite(x) ? Math.floor(x * 1000 + EPS) : 0;
  return String(Math.min(999, Math.max(0, n))).padStart(3, "0");
}

/**
 * KTS number `XX YYY ZZZ` (C59, RULES §6.1) as KTS stores it: a plain integer, no leading zero —
 * points × 1,000,000 + YYY × 1,000 + ZZZ (33, 0.726, 0.677 → "33726677"; 0, 0.36, 0.403 →
 * "360403"). YYY/ZZZ come from ktsPart (truncated, capped at 999). Returned as a string.
 */
export function ktsNumber(points: number, oppMw: number, oppOppMw: number): string {
  const xx = Math.max(0, Math.floor(points));
  return String(xx * 1_000_000 + Number(ktsPart(oppMw)) * 1000 + Number(ktsPart(oppOppMw)));
}

/**
 * A 0..1 fraction as a percent with one decimal, TRUNCATED like KTS prints it (RULES §6.1:
 * 0.60069 → "60.0", 0.7778 → "77.7"); the same digits as `ktsPart`, so the % columns and the KTS
 * number always agree. No "%" sign.
 */
export function ktsPercent(x: number): string {
  const n = Number.isFinite(x) ? Math.max(0, Math.floor(x * 1000 + EPS)) : 0;
  return `${Math.floor(n / 10)}.${n % 10}`;
}

/**
 * A percentage column as the standings page, print page and CSV show it: Konami presets
 * (`konami` true) truncated to one decimal (ktsPercent, §6.1); MTR rounded to `mtrDigits`.
 */
export function percentText(x: number, konami: boolean, mtrDigits = 1): string {
  return konami ? ktsPercent(x) : (x * 100).toFixed(mtrDigits);
}

/**
 * The tiebreaker cells of one standing as every view prints them (standings page, print page,
 * CSV — one formatter so they always agree). Konami (`konami` true, RULES §6.1): percentages
 * truncated to one decimal, `kts` the plain integer (a stored value written with leading zeros
 * is normalised). MTR (§5.5): percentages rounded to `mtrDigits` decimals. No "%" sign.
 */
export function tiebreakerTexts(
  s: Pick<Standing, "omwp" | "oomwp" | "gwp" | "ogwp" | "kts">,
  konami: boolean,
  mtrDigits = 1,
): { omw: string; oomw: string; gw: string; ogw: string; kts: string } {
  const f = (x: number) => percentText(x, konami, mtrDigits);
  return { omw: f(s.omwp), oomw: f(s.oomwp), gw: f(s.gwp), ogw: f(s.ogwp), kts: /^\d+$/.test(s.kts) ? String(Number(s.kts)) : s.kts };
}

/** The three views that print tiebreaker columns. */
export type StandingsView = "page" | "print" | "csv";

/** One printed tiebreaker cell: the column's key, label message key (namespace `tiebreakers`), test id, format and text. */
export interface ColumnCell {
  key: string;
  label: string;
  testId: string;
  format: ColumnFormat;
  text: string;
}

/**
 * The columns a view shows, in the preset's order (`Preset.standingsColumns`): every column on
 * the CSV, the `views: "all"` ones on the standings page and the print page.
 */
export function columnsForView(columns: readonly TiebreakerColumn[], view: StandingsView): readonly TiebreakerColumn[] {
  return view === "csv" ? columns : columns.filter((c) => c.views === "all");
}

/**
 * A column's text for one row (no "%" sign): "truncatedPercent" → ktsPercent (RULES §6.1);
 * "roundedPercent" → one decimal on pages, three in the CSV (§5.5); "integer" → the plain integer
 * (a KTS number stored with leading zeros is normalised, §6.1).
 */
export function columnText(column: TiebreakerColumn, row: TiebreakerRow, view: StandingsView): string {
  const v = column.value(row);
  if (column.format === "integer") return typeof v === "string" && /^\d+$/.test(v) ? String(Number(v)) : String(v);
  const x = Number(v);
  return column.format === "truncatedPercent" ? ktsPercent(x) : (x * 100).toFixed(view === "csv" ? 3 : 1);
}

/** The tiebreaker cells of one row for a view: what the standings page, print page and CSV loop over. */
export function standingsColumnCells(columns: readonly TiebreakerColumn[], row: TiebreakerRow, view: StandingsView): ColumnCell[] {
  return columnsForView(columns, view).map((c) => ({
    key: c.key,
    label: c.label,
    testId: c.testId,
    format: c.format,
    text: columnText(c, row, view),
  }));
}

function key(s: Standing, tb: Tiebreaker): number {
  switch (tb) {
    case "OPP_MW":
    case "OMW":
      return s.omwp;
    case "OPP_OPP_MW":
      return s.oomwp;
    case "GW":
      return s.gwp;
    case "OGW":
      return s.ogwp;
  }
}

/**
 * Compute standings.
 * Input: teams (every team that should appear, dropped ones included), rounds with match
 * records, config. Teams that appear in matches but not in `teams` are added (not dropped).
 * Output: one Standing per team, sorted by points then `config.tiebreakers` (descending), then
 * team id ascending; `rank` is 1-based and shared by teams tied on every key.
 * Throws on a match naming the same team twice, a bye with a second team, or a team twice in
 * one round.
 */
export function computeStandings(input: { teams: StandingsTeam[]; rounds: RoundRecord[]; config: StandingsConfig }): Standing[] {
  const { config } = input;
  const P = config.points;
  const acc = new Map<string, Acc>();
  const get = (id: string): Acc => {
    let a = acc.get(id);
    if (!a) {
      a = {
        id,
        dropped: false,
        points: 0,
        byePoints: 0,
        played: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        byes: 0,
        doubleLosses: 0,
        gw: 0,
        gl: 0,
        gd: 0,
        opponents: [],
      };
      acc.set(id, a);
    }
    return a;
  };
  for (const t of input.teams) get(t.id).dropped = !!t.dropped;

  for (const round of input.rounds) {
    const seen = new Set<string>();
    for (const m of round.matches) {
      if (m.result === "pending") continue;
      if (m.team2 === m.team1) throw new Error(`round ${round.number}: team ${m.team1} paired against itself`);
      for (const t of [m.team1, m.team2]) {
        if (t === null) continue;
        if (seen.has(t)) throw new Error(`round ${round.number}: team ${t} appears twice`);
        seen.add(t);
      }
      const a = get(m.team1);
      if (m.result === "loss") {
        if (m.team2 !== null) throw new Error(`round ${round.number}: an unopposed loss with an opponent`);
        a.points += P.loss;
        a.played += 1;
        a.losses += 1;
        const g = m.games ?? { team1: 0, team2: config.winGames, draws: 0 };
        a.gw += g.team1;
        a.gl += g.team2;
        a.gd += g.draws;
        continue;
      }
      if (m.result === "bye" || m.team2 === null) {
        if (m.team2 !== null) throw new Error(`round ${round.number}: bye with an opponent`);
        a.points += P.bye;
        a.byePoints += P.bye;
        a.byes += 1;
        a.played += 1;
        a.wins += 1;
        const g = m.games ?? { team1: config.byeGames, team2: 0, draws: 0 };
        a.gw += g.team1;
        a.gl += g.team2;
        a.gd += g.draws;
        continue;
      }
      const b = get(m.team2);
      a.played += 1;
      b.played += 1;
      a.opponents.push(b.id);
      b.opponents.push(a.id);
      let g = m.games;
      switch (m.result) {
        case "team1":
          a.points += P.win;
          b.points += P.loss;
          a.wins++;
          b.losses++;
          g ??= { team1: config.winGames, team2: 0, draws: 0 };
          break;
        case "team2":
          b.points += P.win;
          a.points += P.loss;
          b.wins++;
          a.losses++;
          g ??= { team1: 0, team2: config.winGames, draws: 0 };
          break;
        case "draw":
          a.points += P.draw;
          b.points += P.draw;
          a.draws++;
          b.draws++;
          g ??= { team1: 0, team2: 0, draws: 1 };
          break;
        case "doubleLoss":
          a.points += P.doubleLoss;
          b.points += P.doubleLoss;
          a.losses++;
          b.losses++;
          a.doubleLosses++;
          b.doubleLosses++;
          g ??= { team1: 0, team2: 0, draws: 0 };
          break;
        default:
          throw new Error(`round ${round.number}: unknown result ${String(m.result)}`);
      }
      a.gw += g.team1;
      a.gl += g.team2;
      a.gd += g.draws;
      b.gw += g.team2;
      b.gl += g.team1;
      b.gd += g.draws;
      const pen = m.gameLossPenalties;
      if (pen) {
        if (m.result === "doubleLoss") {
          a.gl += pen.team1;
          b.gl += pen.team2;
        } else {
          a.gl += pen.team1;
          b.gw += pen.team1;
          b.gl += pen.team2;
          a.gw += pen.team2;
        }
      }
    }
  }

  const floor = config.percentageFloor;
  const mw = new Map<string, number>();
  const gwRaw = new Map<string, number>();
  for (const a of acc.values()) {
    const pts = config.byeInOwnMw ? a.points : a.points - a.byePoints;
    const rounds = config.byeInOwnMw ? a.played : a.played - a.byes;
    mw.set(a.id, rounds > 0 ? pts / (P.win * rounds) : 0);
    const games = a.gw + a.gl + a.gd;
    gwRaw.set(a.id, games > 0 ? (P.win * a.gw + P.draw * a.gd) / (P.win * games) : 0);
  }
  const mean = (ids: string[], f: (id: string) => number) => (ids.length === 0 ? 0 : ids.reduce((s, id) => s + f(id), 0) / ids.length);
  const konami = (config.opponentMethod ?? (config.tiebreakers[0] === "OPP_MW" ? "konami" : "mtr")) === "konami";
  const omw = new Map<string, number>();
  const oomw = new Map<string, number>();
  if (konami) {
    // RULES §6.1: Σ opponents' match points ÷ Σ (win × rounds each opponent played); the
    // opponents' records include their byes and unopposed losses; no floor.
    const sums = new Map<string, { pts: number; rounds: number }>();
    for (const a of acc.values()) {
      let pts = 0;
      let rounds = 0;
      for (const o of a.opponents) {
        const b = acc.get(o)!;
        pts += b.points;
        rounds += b.played;
      }
      sums.set(a.id, { pts, rounds });
      omw.set(a.id, rounds > 0 ? pts / (P.win * rounds) : 0);
    }
    for (const a of acc.values()) {
      // Every opponent's opponents, repeats included (the team itself among them).
      let pts = 0;
      let rounds = 0;
      for (const o of a.opponents) {
        const s2 = sums.get(o)!;
        pts += s2.pts;
        rounds += s2.rounds;
      }
      oomw.set(a.id, rounds > 0 ? pts / (P.win * rounds) : 0);
    }
  } else {
    for (const a of acc.values())
      omw.set(
        a.id,
        mean(a.opponents, (o) => Math.max(floor, mw.get(o)!)),
      );
    for (const a of acc.values())
      oomw.set(
        a.id,
        mean(a.opponents, (o) => omw.get(o)!),
      );
  }

  const out: Standing[] = [];
  for (const a of acc.values()) {
    const omwp = omw.get(a.id)!;
    const oomwp = oomw.get(a.id)!;
    const g = gwRaw.get(a.id)!;
    out.push({
      rank: 0,
      tiedWithPrevious: false,
      teamId: a.id,
      dropped: a.dropped,
      points: a.points,
      matchesPlayed: a.played,
      wins: a.wins,
      losses: a.losses,
      draws: a.draws,
      byes: a.byes,
      doubleLosses: a.doubleLosses,
      gamesWon: a.gw,
      gamesLost: a.gl,
      gamesDrawn: a.gd,
      mwp: mw.get(a.id)!,
      omwp,
      oomwp,
      gwp: config.floorOwnGw ? Math.max(floor, g) : g,
      ogwp: mean(a.opponents, (o) => Math.max(floor, gwRaw.get(o)!)),
      kts: ktsNumber(a.points, omwp, oomwp),
      opponents: a.opponents,
    });
  }
  const cmpKeys = (x: Standing, y: Standing): number => {
    if (x.points !== y.points) return y.points - x.points;
    for (const tb of config.tiebreakers) {
      const d = key(y, tb) - key(x, tb);
      if (Math.abs(d) > EPS) return d;
    }
    return 0;
  };
  out.sort((x, y) => cmpKeys(x, y) || (x.teamId < y.teamId ? -1 : x.teamId > y.teamId ? 1 : 0));
  for (let i = 0; i < out.length; i++) {
    const tied = i > 0 && cmpKeys(out[i - 1], out[i]) === 0;
    out[i].tiedWithPrevious = tied;
    out[i].rank = tied ? out[i - 1].rank : i + 1;
  }
  return out;
}

/** Points-based cut (PS03): every team with at least `minPoints` match points, in standing order. */
export function cutByPoints(standings: readonly Standing[], minPoints: number, opts: { includeDropped?: boolean } = {}): Standing[] {
  return standings.filter((s) => s.points >= minPoints && (opts.includeDropped || !s.dropped));
}

/** Top-N cut in standing order (dropped teams skipped unless includeDropped). */
export function cutTop(standings: readonly Standing[], n: number, opts: { includeDropped?: boolean } = {}): Standing[] {
  return standings.filter((s) => opts.includeDropped || !s.dropped).slice(0, n);
}

/** A late entry (PS09): the first round the team plays and how the rounds it missed count. */
export interface LateEntry {
  teamId: string;
  /** First round the team is paired in (rounds 1 … entryRound − 1 were missed). */
  entryRound: number;
  /** "losses": each missed round is an unopposed loss; "byes": each is a bye (a win, `points.bye`). */
  policy: "losses" | "byes";
}

/**
 * Adds the rounds late entries missed to a history, as plain records computeStandings scores
 * (PS09: the TO's choice shows in standings and counts in pairing history): for every round in
 * `rounds` numbered below a team's `entryRound` where the team has no match, an unopposed
 * `"loss"` or a `"bye"` record. Returns new round objects; the input is not changed. A team that
 * does appear in a missed round (it was paired after all) keeps that real match only.
 */
export function withLateEntries(rounds: readonly RoundRecord[], entries: readonly LateEntry[]): RoundRecord[] {
  return rounds.map((r) => {
    const present = new Set(r.matches.flatMap((m) => (m.team2 ? [m.team1, m.team2] : [m.team1])));
    const extra: MatchRecord[] = entries
      .filter((e) => r.number < e.entryRound && !present.has(e.teamId))
      .map((e) => ({ team1: e.teamId, team2: null, result: e.policy === "byes" ? "bye" : "loss" }));
    return extra.length ? { number: r.number, matches: [...r.matches, ...extra] } : { number: r.number, matches: [...r.matches] };
  });
}
