/**
 * Roster import (issue #17): a CSV file or pasted text of teams, one per line —
 * `team name, A name, A Player ID, B name, B Player ID` — read by papaparse (delimiter detected:
 * comma, semicolon, TAB, pipe; quoted fields may hold the delimiter). Pure: the registered teams
 * and Player IDs of the event are passed in.
 *
 * - The first line is a header when its first cell is a column title (`team`, `team name`, `name`,
 *   `time`, `equipe`, `nome do time`, `squadra`, `nome squadra`, case-insensitive); empty lines are skipped.
 * - A line with A and B is a team; a line with only A (no B name, no B Player ID; the team name may
 *   be empty) is a single player for the partner pool (issue #16).
 * - Every other problem makes the line bad, with its 1-based line number in the text and a reason
 *   ({@link RosterProblem}); a line has at most one reason (the first found, in column order).
 * - A Player ID repeated inside the file: the later line is bad (`PLAYER_ID_REPEATED`, naming the
 *   earlier line); already registered in the event: `PLAYER_ID_REGISTERED` (naming the team). Team
 *   names compare like registration does (lib/teams teamNameKey).
 * - Cells are kept as text: a cell that looks like a formula (`=1+1`, `@SUM(A1)`) is stored exactly
 *   as typed (never evaluated; the CSV exports escape it again, lib/csv).
 * Names follow lib/teams (NFC, spaces collapsed, refused characters) and are at most 80 characters;
 * Player IDs letters, digits and dashes, at most 40 (the registration form's rules).
 */
import Papa from "papaparse";
import { nameProblem, normalizeTeamName, teamNameKey } from "../teams";

/** Lines read at most (the header included). */
export const ROSTER_MAX_LINES = 5000;

export interface RosterDuelist {
  name: string;
  playerId: string | null;
}

export interface RosterTeam {
  line: number;
  name: string;
  a: RosterDuelist;
  b: RosterDuelist;
}

export interface RosterSingle extends RosterDuelist {
  line: number;
  /** The team name cell, when the line had one (kept for the pool entry's notes). */
  team: string | null;
}

export type RosterReason =
  | "TEAM_NAME_REQUIRED"
  | "A_NAME_REQUIRED"
  | "B_NAME_REQUIRED"
  | "NAME_CHARS"
  | "NAME_INVISIBLE"
  | "NAME_TOO_LONG"
  | "PLAYER_ID_CHARS"
  | "PLAYER_ID_TOO_LONG"
  | "SAME_PLAYER_ID"
  | "PLAYER_ID_REPEATED"
  | "PLAYER_ID_REGISTERED"
  | "TEAM_NAME_REPEATED"
  | "TEAM_NAME_TAKEN"
  | "EXTRA_COLUMNS";

/** A bad line: its number, the reason code, the column it concerns and the values naming it. */
export interface RosterProblem {
  line: number;
  reason: RosterReason;
  /** "team" | "a.name" | "a.playerId" | "b.name" | "b.playerId" | null (the whole line). */
  field: string | null;
  params: Record<string, string | number>;
  /** The reason in English (CLI, logs, tests); pages render `reason` in the user's language. */
  message: string;
}

export interface RosterPreview {
  teams: RosterTeam[];
  singles: RosterSingle[];
  problems: RosterProblem[];
  /** The header line was skipped. */
  header: boolean;
}

/** What the event already holds: Player IDs → their team's name, and team names. */
export interface RosterExisting {
  playerIds: ReadonlyMap<string, string>;
  teamNames: readonly string[];
}

const HEADER_WORDS = new Set(["team", "team name", "name", "time", "equipe", "nome do time", "nome da equipe", "squadra", "nome squadra"]);
const PLAYER_ID = /^[0-9A-Za-z-]*$/;

const ENGLISH: Record<RosterReason, (p: Record<string, string | number>) => string> = {
  TEAM_NAME_REQUIRED: () => "the team name is required",
  A_NAME_REQUIRED: () => "A's name is required",
  B_NAME_REQUIRED: () => "B's Player ID is given without B's name",
  NAME_CHARS: (p) => `${p.column}: must not contain NUL, unpaired surrogate or bidirectional override characters`,
  NAME_INVISIBLE: (p) => `${p.column}: is empty once invisible characters are removed`,
  NAME_TOO_LONG: (p) => `${p.column}: at most 80 characters`,
  PLAYER_ID_CHARS: (p) => `${p.column}: "${p.playerId}" — letters, digits and dashes only`,
  PLAYER_ID_TOO_LONG: (p) => `${p.column}: at most 40 characters`,
  SAME_PLAYER_ID: (p) => `A and B have the same Player ID ${p.playerId}`,
  PLAYER_ID_REPEATED: (p) => `Player ID ${p.playerId} is already on line ${p.otherLine}`,
  PLAYER_ID_REGISTERED: (p) => `Player ID ${p.playerId} is already registered (team "${p.team}")`,
  TEAM_NAME_REPEATED: (p) => `team "${p.name}" is already on line ${p.otherLine}`,
  TEAM_NAME_TAKEN: (p) => `a team named "${p.name}" is already registered`,
  EXTRA_COLUMNS: (p) => `${p.count} columns; expected 5 (team name, A name, A Player ID, B name, B Player ID)`,
};

/** The English text of a problem (also {@link RosterProblem.message}). */
export function rosterReasonText(reason: RosterReason, params: Record<string, string | number>): string {
  return ENGLISH[reason](params);
}

class LineProblem extends Error {
  constructor(
    readonly reason: RosterReason,
    readonly field: string | null,
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

function nameCell(raw: string, field: string, column: string): string {
  const problem = nameProblem(raw);
  if (problem) throw new LineProblem(problem, field, { column });
  const v = normalizeTeamName(raw);
  if (v.length > 80) throw new LineProblem("NAME_TOO_LONG", field, { column });
  return v;
}

function idCell(raw: string, field: string, column: string): string | null {
  const v = raw.trim();
  if (!v) return null;
  if (v.length > 40) throw new LineProblem("PLAYER_ID_TOO_LONG", field, { column });
  if (!PLAYER_ID.test(v)) throw new LineProblem("PLAYER_ID_CHARS", field, { column, playerId: v.slice(0, 40) });
  return v;
}

/** Splits the text (line ends normalized to LF) into rows with the 1-based line each starts on. */
function rows(text: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let start = 0;
  let line = 1;
  let counted = 0;
  Papa.parse<string[]>(text, {
    newline: "\n",
    step: (r) => {
      // papaparse's cursor is the row's end, before or after its line break: the next row starts after it.
      if (text[start] === "\n") start++;
      for (; counted < start; counted++) if (text.charCodeAt(counted) === 10) line++;
      out.push({ line, cells: r.data });
      start = r.meta.cursor;
    },
  });
  return out;
}

/**
 * Reads a roster (see the module docstring). Returns the teams, the single players and the bad
 * lines. A text over {@link ROSTER_MAX_LINES} lines is refused as a whole by the caller
 * ({@link rosterTooLong}) before reading.
 */
export function parseRoster(text: string, existing: RosterExisting): RosterPreview {
  const clean = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const all = rows(clean).filter((r) => r.cells.some((c) => c.trim() !== ""));
  const first = all[0];
  const header = !!first && HEADER_WORDS.has(first.cells[0].trim().toLowerCase());
  const body = header ? all.slice(1) : all;
  const teams: RosterTeam[] = [];
  const singles: RosterSingle[] = [];
  const problems: RosterProblem[] = [];
  const idLine = new Map<string, number>();
  const teamLine = new Map<string, number>();
  const taken = new Map(existing.teamNames.map((n) => [teamNameKey(n), n]));
  for (const { line, cells } of body) {
    try {
      const filled = cells.length - [...cells].reverse().findIndex((c) => c.trim() !== "");
      if (filled > 5) throw new LineProblem("EXTRA_COLUMNS", null, { count: filled });
      const [teamRaw = "", aName = "", aId = "", bName = "", bId = ""] = cells;
      const single = bName.trim() === "" && bId.trim() === "";
      const team = teamRaw.trim() === "" ? null : nameCell(teamRaw, "team", "team name");
      if (!single && team === null) throw new LineProblem("TEAM_NAME_REQUIRED", "team");
      if (aName.trim() === "") throw new LineProblem("A_NAME_REQUIRED", "a.name");
      const a = { name: nameCell(aName, "a.name", "A name"), playerId: idCell(aId, "a.playerId", "A Player ID") };
      let b: RosterDuelist | null = null;
      if (!single) {
        if (bName.trim() === "") throw new LineProblem("B_NAME_REQUIRED", "b.name");
        b = { name: nameCell(bName, "b.name", "B name"), playerId: idCell(bId, "b.playerId", "B Player ID") };
        if (a.playerId && a.playerId === b.playerId) throw new LineProblem("SAME_PLAYER_ID", "b.playerId", { playerId: a.playerId });
      }
      for (const [d, field] of [
        [a, "a.playerId"],
        [b, "b.playerId"],
      ] as const) {
        if (!d?.playerId) continue;
        const reg = existing.playerIds.get(d.playerId);
        if (reg !== undefined) throw new LineProblem("PLAYER_ID_REGISTERED", field, { playerId: d.playerId, team: reg });
        const other = idLine.get(d.playerId);
        if (other !== undefined) throw new LineProblem("PLAYER_ID_REPEATED", field, { playerId: d.playerId, otherLine: other });
      }
      if (!single) {
        const key = teamNameKey(team!);
        const reg = taken.get(key);
        if (reg !== undefined) throw new LineProblem("TEAM_NAME_TAKEN", "team", { name: reg });
        const other = teamLine.get(key);
        if (other !== undefined) throw new LineProblem("TEAM_NAME_REPEATED", "team", { name: team!, otherLine: other });
        teamLine.set(key, line);
      }
      for (const d of [a, b]) if (d?.playerId) idLine.set(d.playerId, line);
      if (single) singles.push({ line, team, ...a });
      else teams.push({ line, name: team!, a, b: b! });
    } catch (e) {
      if (!(e instanceof LineProblem)) throw e;
      problems.push({ line, reason: e.reason, field: e.field, params: e.params, message: `line ${line}: ${ENGLISH[e.reason](e.params)}` });
    }
  }
  return { teams, singles, problems, header };
}

/** True when the text has more than {@link ROSTER_MAX_LINES} lines (refused before reading). */
export function rosterTooLong(text: string): boolean {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10 && ++n > ROSTER_MAX_LINES) return true;
  return false;
}
