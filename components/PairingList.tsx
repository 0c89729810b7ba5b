/**
 * Result text of a pairing (shared by the live pairings view, the round page and the match page).
 * Pure (no server or client API), so client components import it too.
 */

/** What a result line reads of a match: outcome, winner slot, game score and the teams' slot and name. */
export interface ResultLabelInput {
  outcome: string | null;
  winnerSlot: number | null;
  games1: number;
  games2: number;
  teams: readonly { slot: number; team: { name: string } }[];
}

/** The result line of a match ("Bye", "Draw", "X won"…); `n` maps the winner's name (e.g. bdiText's marker). */
export function resultLabel(
  m: ResultLabelInput,
  t: (k: string, p?: Record<string, string | number>) => string,
  n: (name: string) => string = (x) => x,
): string | null {
  if (!m.outcome) return null;
  if (m.outcome === "BYE") return t("bye");
  if (m.outcome === "DRAW") return t("draw");
  if (m.outcome === "DOUBLE_LOSS") return t("doubleLoss");
  const winner = m.teams.find((x) => x.slot === m.winnerSlot);
  // Best of three (UDE, 1v1): the game score, winner first ("X won 2–1"); a best-of-one win is just "X won".
  const [gw, gl] = m.winnerSlot === 2 ? [m.games2, m.games1] : [m.games1, m.games2];
  if (gw >= 2) return t("wonScore", { team: n(winner?.team.name ?? "?"), won: gw, lost: gl });
  return t("won", { team: n(winner?.team.name ?? "?") });
}
