"use client";
/**
 * The rows of a pairings list, rendered from ONE compact prop (issue #6 load target): a 375-table
 * round used to carry every row's element tree twice (server HTML + the RSC payload that repeats
 * each element with its Tailwind class strings, ~870 KB); here the RSC payload carries each name
 * once, as a small tuple, and the markup uses the few `.pr*` classes of app/globals.css.
 *
 * Row tuple ({@link PairingRow}): [table (0 = bye), team 1 name, team 1 duelists ("A: x · B: y"),
 * team 2 name or null (bye), team 2 duelists or null, result text or null, 1 when it is the
 * viewer's table else 0]. `extras`: optional content per row index (e.g. a match's extra time).
 * Test ids kept for the e2e specs: pairing-row, table-number, slot-1, slot-2, result.
 */
import type { ReactNode } from "react";

export type PairingRow = [
  table: number,
  team1: string,
  duelists1: string,
  team2: string | null,
  duelists2: string | null,
  result: string | null,
  mine: 0 | 1,
];

export function PairingRows({
  rows,
  labels,
  listLabel,
  extras,
}: {
  rows: PairingRow[];
  labels: { table: string; versus: string; byeLong: string };
  listLabel: string;
  extras?: Record<number, ReactNode>;
}) {
  return (
    <ol className="space-y-2" aria-label={listLabel}>
      {rows.map(([table, n1, d1, n2, d2, res, mine], i) => (
        <li key={i} data-testid="pairing-row" className={mine ? "pr me" : "pr"}>
          <div className="pt">
            <div>{labels.table}</div>
            <div data-testid="table-number">{table <= 0 ? "—" : table}</div>
          </div>
          <div className="pm">
            <div>
              <div data-testid="slot-1">
                <bdi>{n1}</bdi>
              </div>
              <div>{d1}</div>
            </div>
            {n2 === null ? <div className="pb">{labels.byeLong}</div> : <div className="pv">{labels.versus}</div>}
            {n2 !== null && (
              <div>
                <div data-testid="slot-2">
                  <bdi>{n2}</bdi>
                </div>
                <div>{d2}</div>
              </div>
            )}
          </div>
          {res !== null && (
            <div className="px" data-testid="result">
              {res}
            </div>
          )}
          {extras?.[i]}
        </li>
      ))}
    </ol>
  );
}
