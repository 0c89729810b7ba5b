/**
 * Two-Headed Giant shared life (CR 810.9, CASES C57): a player's life total IS the team's, so an
 * effect aimed at one player changes the team total, and an effect on each player applies once
 * per teammate. Pure arithmetic for the end-of-match wizard's team-life step.
 *
 * Changes (`n` a whole number of life, ≥ 0):
 * - `teamLoses` n        → team − n (damage or life loss dealt to the team / one player, CR 810.9a)
 * - `eachPlayerLoses` n  → team − 2n (e.g. *Flame Rift*, 4 damage to each player: each team
 *                           loses 8; CR 810.9a with two players per team; C57 c)
 * - `playerBecomes` n    → team = n ("your life total becomes N", CR 810.9c; C57 b: 25 → 10)
 * - `doublePlayer`       → team × 2 ("double target player's life total": the player's life is the
 *                           team's, so the team gains its whole total; CR 810.9; C57 a: 17 → 34)
 *
 * The result may be 0 or negative (a team at 0 or less life loses, CR 810.8a / 704.5a); the
 * wizard records max(0, result). Throws RangeError on a life or `n` that is not a safe integer
 * (n also ≥ 0), or an unknown change.
 */
export type TeamLifeChange =
  | { kind: "teamLoses"; n: number }
  | { kind: "eachPlayerLoses"; n: number }
  | { kind: "playerBecomes"; n: number }
  | { kind: "doublePlayer" };

export const TEAM_LIFE_CHANGES = [
  "teamLoses",
  "eachPlayerLoses",
  "playerBecomes",
  "doublePlayer",
] as const satisfies readonly TeamLifeChange["kind"][];

/** Players per 2HG team (CR 810.1); "each player" effects apply this many times to a team. */
export const PLAYERS_PER_TEAM = 2;

/** The team's life total after `change` (see module doc; CR 810.9, C57). */
export function applyTeamLifeChange(teamLife: number, change: TeamLifeChange): number {
  if (!Number.isSafeInteger(teamLife)) throw new RangeError(`team life must be a whole number, got ${String(teamLife)}`);
  if (change.kind !== "doublePlayer" && (!Number.isSafeInteger(change.n) || change.n < 0))
    throw new RangeError(`n must be a whole number ≥ 0, got ${String((change as { n?: unknown }).n)}`);
  switch (change.kind) {
    case "teamLoses":
      return teamLife - change.n;
    case "eachPlayerLoses":
      return teamLife - PLAYERS_PER_TEAM * change.n;
    case "playerBecomes":
      return change.n;
    case "doublePlayer":
      return teamLife * 2;
    default:
      throw new RangeError(`unknown team-life change ${String((change as { kind?: unknown }).kind)}`);
  }
}
