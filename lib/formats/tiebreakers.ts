/**
 * Tiebreaker columns as data (issue #11 item 5): each preset carries the columns its standings show
 * (`Preset.standingsColumns`); the standings page, the print standings page and the standings CSV
 * loop over them through lib/standings `standingsColumnCells` / `standingsCsvColumns`, so a new
 * tiebreaker is one descriptor here plus its label in messages/<locale>/tiebreakers.json.
 * Which keys RANK the teams stays `Preset.tiebreakers` (the KTS / MTR arithmetic of RULES §6.1 and
 * §5.5 in computeStandings); a descriptor's `sort` says in which direction its value ranks.
 */

/** The values a column can read from one standing (a lib/standings Standing or a print/CSV row). */
export interface TiebreakerRow {
  points: number;
  /** Own match-win % (0..1). */
  mwp: number;
  /** Konami OppMW% / MTR OMW% (0..1). */
  omwp: number;
  /** Konami OppOppMW% / MTR mean of opponents' OMW% (0..1). */
  oomwp: number;
  /** Own game-win % (0..1). */
  gwp: number;
  /** Opponents' game-win % (0..1). */
  ogwp: number;
  /** KTS number as stored (plain integer in a string, RULES §6.1). */
  kts: string;
}

/**
 * How a column's value is printed (lib/standings `columnText`), no "%" sign:
 * - "truncatedPercent": a 0..1 fraction truncated to one decimal, as KTS prints it (RULES §6.1);
 * - "roundedPercent": a 0..1 fraction rounded (one decimal on pages, three in the CSV; MTR §5.5);
 * - "integer": a plain integer (the KTS number without leading zeros, §6.1).
 */
export type ColumnFormat = "truncatedPercent" | "roundedPercent" | "integer";

/** Which views show a column: every view, or the CSV only (a value kept for spreadsheets). */
export type ColumnViews = "all" | "csv";

/** One tiebreaker column of the standings (page, print page, CSV). Plain data. */
export interface TiebreakerColumn {
  /** Stable machine key: the CSV column name (e.g. "opp_mw_pct"). */
  key: string;
  /** Message key in namespace `tiebreakers` (messages/<locale>/tiebreakers.json) for the header. */
  label: string;
  /** The column's value for one standing. */
  value: (row: TiebreakerRow) => number | string;
  format: ColumnFormat;
  /** Ranking direction of the value (higher is better: "desc"). */
  sort: "desc" | "asc";
  views: ColumnViews;
  /** data-testid of the page cell (print: `print-<testId>`). */
  testId: string;
}

/** Konami presets (RULES §6.1): OppMW%, OppOppMW% truncated; GW%/OGW% in the CSV only; the KTS number. */
export const KONAMI_COLUMNS: readonly TiebreakerColumn[] = [
  { key: "opp_mw_pct", label: "oppMw", value: (r) => r.omwp, format: "truncatedPercent", sort: "desc", views: "all", testId: "opp-mw" },
  {
    key: "opp_opp_mw_pct",
    label: "oppOppMw",
    value: (r) => r.oomwp,
    format: "truncatedPercent",
    sort: "desc",
    views: "all",
    testId: "opp-opp-mw",
  },
  { key: "gw_pct", label: "gw", value: (r) => r.gwp, format: "truncatedPercent", sort: "desc", views: "csv", testId: "gw" },
  { key: "opp_gw_pct", label: "ogw", value: (r) => r.ogwp, format: "truncatedPercent", sort: "desc", views: "csv", testId: "ogw" },
  { key: "kts", label: "kts", value: (r) => r.kts, format: "integer", sort: "desc", views: "all", testId: "kts" },
];

/** MTR presets (Magic 2HG, RULES §5.5): OMW% → GW% → OGW%, rounded. */
export const MTR_COLUMNS: readonly TiebreakerColumn[] = [
  { key: "omw_pct", label: "omw", value: (r) => r.omwp, format: "roundedPercent", sort: "desc", views: "all", testId: "omw" },
  { key: "gw_pct", label: "gw", value: (r) => r.gwp, format: "roundedPercent", sort: "desc", views: "all", testId: "gw" },
  { key: "ogw_pct", label: "ogw", value: (r) => r.ogwp, format: "roundedPercent", sort: "desc", views: "all", testId: "ogw" },
];
