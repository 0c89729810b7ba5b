/**
 * Table numbers (issue #5): pairings in standing order get tables firstTable, firstTable+1, …
 * (top pairing at table 1); a team that needs a fixed table (accessibility) gets it; byes get
 * no table (null).
 * Input: pairings in standing order (better-placed pairing first), fixed tables by team id.
 * Two pairings claiming the same fixed table: the first in standing order keeps it, the other
 * is numbered normally (reported in `conflicts`). A pairing of two teams with different fixed
 * tables uses team1's.
 */
export interface TableInput {
  team1: string;
  team2: string | null;
}

export function assignTables<T extends TableInput>(
  pairings: readonly T[],
  opts: { fixedTables?: ReadonlyMap<string, number> | Record<string, number>; firstTable?: number } = {},
): { pairings: (T & { table: number | null; fixedTable: boolean })[]; conflicts: { team: string; table: number }[] } {
  const fixed = opts.fixedTables instanceof Map ? opts.fixedTables : new Map(Object.entries(opts.fixedTables ?? {}));
  const first = opts.firstTable ?? 1;
  const taken = new Set<number>();
  const want: (number | null)[] = pairings.map(() => null);
  const conflicts: { team: string; table: number }[] = [];
  pairings.forEach((p, i) => {
    if (p.team2 === null) return;
    const t1 = fixed.get(p.team1),
      t2 = fixed.get(p.team2);
    const t = t1 ?? t2;
    if (t === undefined) return;
    if (taken.has(t)) {
      conflicts.push({ team: t1 !== undefined ? p.team1 : p.team2, table: t });
      return;
    }
    taken.add(t);
    want[i] = t;
  });
  let next = first;
  const out = pairings.map((p, i) => {
    if (p.team2 === null) return { ...p, table: null, fixedTable: false };
    if (want[i] !== null) return { ...p, table: want[i], fixedTable: true };
    while (taken.has(next)) next++;
    taken.add(next);
    return { ...p, table: next++, fixedTable: false };
  });
  return { pairings: out, conflicts };
}
