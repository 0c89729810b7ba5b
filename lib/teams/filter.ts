/**
 * Teams page search and filter (issue #13 item 6). Pure: no storage.
 *
 * - `q`: case- and accent-insensitive substring of the team name, a duelist's name or Player ID
 *   (the caller blanks Player IDs the viewer may not see).
 * - `show`: "all"; "unclaimed" (a duelist has no account yet); "noDecklist" (a duelist has no
 *   decklist); "illegal" (a submitted decklist is not legal); "dropped".
 */
export const TEAM_FILTERS = ["all", "unclaimed", "noDecklist", "illegal", "dropped"] as const;
export type TeamFilter = (typeof TEAM_FILTERS)[number];

export interface FilterableTeam {
  name: string;
  status: "ACTIVE" | "DROPPED";
  duelists: readonly { name: string; playerId: string | null; claimed: boolean; decklist: "none" | "legal" | "illegal" }[];
}

/** Lower-case, accents stripped (NFD minus combining marks), spaces collapsed: the search key. */
export function searchKey(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim();
}

/** The teams matching `q` and `show`, in input order. */
export function filterTeams<T extends FilterableTeam>(teams: readonly T[], { q, show }: { q: string; show: TeamFilter }): T[] {
  const key = searchKey(q);
  return teams.filter((t) => {
    if (key && ![t.name, ...t.duelists.flatMap((d) => [d.name, d.playerId ?? ""])].some((s) => s && searchKey(s).includes(key)))
      return false;
    switch (show) {
      case "unclaimed":
        return t.duelists.some((d) => !d.claimed);
      case "noDecklist":
        return t.duelists.some((d) => d.decklist === "none");
      case "illegal":
        return t.duelists.some((d) => d.decklist === "illegal");
      case "dropped":
        return t.status === "DROPPED";
      default:
        return true;
    }
  });
}
