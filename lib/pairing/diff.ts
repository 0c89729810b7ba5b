/**
 * Diff of two pairings of the same round (issue #5: after undoing a round and re-pairing it, staff
 * see what changed against the undone round's BEGIN snapshot). Pure.
 *
 * A pairing is identified by its set of teams (order of team1/team2 ignored); a bye is a pairing
 * of one team. Output:
 * - `same`: pairings present in both at the same table;
 * - `moved`: same teams, different table (`from` → `to`);
 * - `removed`: pairings only in `before`; `added`: pairings only in `after`.
 * `identical` is true when nothing was added, removed or moved.
 */
export interface DiffPairing {
  /** null (or 0) for a bye */
  table: number | null;
  team1: string;
  team2: string | null;
}

export interface PairingDiff {
  identical: boolean;
  same: DiffPairing[];
  moved: { teams: [string, string | null]; from: number | null; to: number | null }[];
  removed: DiffPairing[];
  added: DiffPairing[];
}

const keyOf = (p: DiffPairing) => (p.team2 === null ? p.team1 : [p.team1, p.team2].sort().join("\u0000"));
const tableOf = (p: DiffPairing) => (p.team2 === null || !p.table ? null : p.table);

export function diffPairings(before: readonly DiffPairing[], after: readonly DiffPairing[]): PairingDiff {
  const b = new Map(before.map((p) => [keyOf(p), p]));
  const a = new Map(after.map((p) => [keyOf(p), p]));
  const out: PairingDiff = { identical: true, same: [], moved: [], removed: [], added: [] };
  for (const [k, p] of a) {
    const old = b.get(k);
    if (!old) out.added.push(p);
    else if (tableOf(old) === tableOf(p)) out.same.push(p);
    else out.moved.push({ teams: [p.team1, p.team2], from: tableOf(old), to: tableOf(p) });
  }
  for (const [k, p] of b) if (!a.has(k)) out.removed.push(p);
  const byTable = (x: DiffPairing, y: DiffPairing) => (tableOf(x) ?? Infinity) - (tableOf(y) ?? Infinity);
  out.added.sort(byTable);
  out.removed.sort(byTable);
  out.same.sort(byTable);
  out.identical = out.added.length === 0 && out.removed.length === 0 && out.moved.length === 0;
  return out;
}
