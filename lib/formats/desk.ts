/**
 * The keyboard results desk (issue #14 "Results desk for speed"): a pure state machine from key
 * presses to a judge's result entry, and the keys (with labels) to show at each step.
 *
 * Key grammar (keys are KeyboardEvent.key values; letters are case-insensitive):
 *   table digits, Enter        → the table is looked up; its two teams and A/B seats are shown
 *                                before any outcome key is accepted (typing the wrong table is the main risk)
 *   outcome key                → 1 = the first-listed team (slot 1) won, 2 = the second (slot 2) won,
 *                                d = draw, x = double loss, t = time called (team LP decide)
 *   [best of three] score key  → after a win: 0 = 2–0, 1 = 2–1; after a draw: 0 = 0–0, 1 = 1–1
 *   [time called] LP fields    → slot 1's LP digits, Enter, slot 2's LP digits, Enter
 *   Enter                      → confirm: the entry is done
 * Backspace steps back one key; Escape starts over. So Tag 2019 (best of one) is table, Enter,
 * outcome key, Enter (5 keys for table 12); best of three adds the score key (6 keys).
 *
 * Which keys exist comes from the one result-entry rule (lib/formats/results resultEntryRule):
 * d only where the stage and event allow a draw, x only in Swiss, t only with team life (per-duelist
 * life runs the end-of-match wizard, §4.1). A refused key returns the core's refusal (NO_DRAWS,
 * TOP_CUT_DOUBLE_LOSS, BYE_MATCH from checkEntryOutcome), so the top-cut double-loss and Swiss-draw
 * refusals hold on the keyboard path too; the server checks the entry again.
 *
 * "Who went first" is never asked at the desk: a desk entry's result depends only on the outcome,
 * the games and the LP at the end of the procedure — the end-of-match engine compares team LP the
 * same whichever team went first (tested for every team-life preset and procedure), and KTS records
 * no first player either. `DeskGrammar.firstSlot` says so per preset (false for every preset today).
 *
 * Pure: no DOM, no clock. Refusals are typed values (messages: floor.refusals.<code> for the desk's
 * own codes, actionErrors.<code> for the core's result-entry codes).
 */
import { lpEntryMax, timeCalledMode } from "./lpEntry";
import type { Preset, PresetSettings } from "./presets";
import {
  checkEntryOutcome,
  resultEntryRule,
  type EntryStage,
  type MatchOutcome,
  type ResultEntryRefusal,
  type ResultEntryRule,
} from "./results";
import { searchKey } from "../teams/filter";

/** One table of the round as the desk shows it. `slot2` null = a bye. */
export interface DeskTable {
  table: number;
  matchId: string;
  /** The match version the desk saw (sent back as expectedVersion). */
  version: number;
  /** The match has a final result already (the desk then corrects it). */
  final: boolean;
  slot1: DeskTeam;
  slot2: DeskTeam | null;
}

export interface DeskTeam {
  teamId: string;
  name: string;
  /** Duelist names by designation (A first, RULES §1.1); empty for 1v1. */
  seats: readonly { designation: "A" | "B"; name: string }[];
}

/** What the desk sends to the judge's result action (its `reportResult` input fields). */
export interface DeskEntry {
  matchId: string;
  table: number;
  expectedVersion: number;
  result: "team1" | "team2" | "draw" | "doubleLoss" | "time";
  games1?: number;
  games2?: number;
  lp1?: number;
  lp2?: number;
}

export type DeskPhase = "table" | "outcome" | "score" | "lp1" | "lp2" | "confirm" | "done";

/** The desk's state: plain JSON. `buffer` holds the digits typed in the current field. */
export interface DeskState {
  phase: DeskPhase;
  buffer: string;
  table: DeskTable | null;
  result: DeskEntry["result"] | null;
  games: { games1: number; games2: number } | null;
  lp1: number | null;
  lp2: number | null;
  entry: DeskEntry | null;
}

/**
 * The desk's own refusal codes (messages: floor.refusals.<code>):
 * KEY_UNKNOWN {key} — not a key of this step; TABLE_REQUIRED — Enter with no table number;
 * TABLE_UNKNOWN {table} — no such table in the round; OUTCOME_NO_TIME — time called with life per
 * duelist (use the end-of-match wizard); LP_REQUIRED {field}; LP_TOO_BIG {field, max}.
 */
export const DESK_REFUSALS = ["KEY_UNKNOWN", "TABLE_REQUIRED", "TABLE_UNKNOWN", "OUTCOME_NO_TIME", "LP_REQUIRED", "LP_TOO_BIG"] as const;
export type DeskRefusal =
  { code: (typeof DESK_REFUSALS)[number]; params: Record<string, string | number> } | Omit<ResultEntryRefusal, "ok">;

/** The round's desk context: one rule for every table (one stage per round). */
export interface DeskContext {
  preset: Preset;
  settings: PresetSettings;
  stage: EntryStage;
  tables: ReadonlyMap<number, DeskTable>;
}

/** The key grammar of a preset at a stage (what the desk page explains and the e2e counts). */
export interface DeskGrammar {
  bestOf: 1 | 3;
  /** Outcome keys offered, in display order. */
  outcomeKeys: readonly DeskKeyId[];
  /** Best of three: one score key after a win or a draw. */
  scoreKey: boolean;
  /** What "time called" records ("compare" LP / "draw" / "double_loss", lpEntry timeCalledMode), or null when not offered. */
  timeCalled: "compare" | "draw" | "double_loss" | null;
  /** Whether the desk asks who went first (see the module docstring: never today). */
  firstSlot: false;
  /** Largest LP accepted (lpEntryMax). */
  lpMax: number;
}

export type DeskKeyId = "1" | "2" | "d" | "x" | "t" | "0" | "Enter" | "Backspace" | "Escape";

/** The desk grammar for a preset, event settings and stage (from resultEntryRule). Pure. */
export function deskGrammar(preset: Preset, settings: PresetSettings, stage: EntryStage): DeskGrammar {
  const rule = resultEntryRule(preset, settings, stage);
  const outcomeKeys: DeskKeyId[] = ["1", "2"];
  if (rule.outcomes.draw) outcomeKeys.push("d");
  if (rule.outcomes.doubleLoss) outcomeKeys.push("x");
  if (rule.outcomes.timeCalled) outcomeKeys.push("t");
  return {
    bestOf: preset.bestOf,
    outcomeKeys,
    scoreKey: preset.bestOf === 3,
    timeCalled: rule.outcomes.timeCalled
      ? timeCalledMode(preset, settings, stage === "single_elimination" ? "single_elimination" : "swiss")
      : null,
    firstSlot: false,
    lpMax: lpEntryMax(preset),
  };
}

/** The empty desk (waiting for a table number). */
export function deskStart(): DeskState {
  return { phase: "table", buffer: "", table: null, result: null, games: null, lp1: null, lp2: null, entry: null };
}

/** Result of one key press: the next state, and the refusal when the key was not accepted (state unchanged then). */
export interface DeskStep {
  state: DeskState;
  refusal: DeskRefusal | null;
}

const isDigit = (k: string) => /^[0-9]$/.test(k);
const MAX_TABLE_DIGITS = 5;
const MAX_LP_DIGITS = 7;

function ruleOf(ctx: DeskContext, bye = false): ResultEntryRule {
  return resultEntryRule(ctx.preset, ctx.settings, ctx.stage, bye);
}

/** The entry a finished key sequence describes (games default to gamesToWin–0 for a best-of-one win, as enteredGames does). */
function entryOf(s: DeskState): DeskEntry {
  const t = s.table!;
  const e: DeskEntry = { matchId: t.matchId, table: t.table, expectedVersion: t.version, result: s.result! };
  if (s.games) {
    e.games1 = s.games.games1;
    e.games2 = s.games.games2;
  }
  if (s.result === "time") {
    e.lp1 = s.lp1!;
    e.lp2 = s.lp2!;
  }
  return e;
}

/**
 * One key press. Returns the next state (phase "done" with `entry` after the confirming Enter) or
 * the unchanged state with a typed refusal. See the module docstring for the grammar.
 */
export function deskKey(state: DeskState, rawKey: string, ctx: DeskContext): DeskStep {
  const key = rawKey.length === 1 ? rawKey.toLowerCase() : rawKey;
  const s: DeskState = { ...state };
  const ok = (next: Partial<DeskState>): DeskStep => ({ state: { ...s, ...next }, refusal: null });
  const refuse = (r: DeskRefusal): DeskStep => ({ state, refusal: r });
  const own = (code: (typeof DESK_REFUSALS)[number], params: Record<string, string | number> = {}) => refuse({ code, params });
  const unknown = () => own("KEY_UNKNOWN", { key: rawKey });
  if (key === "Escape") return ok(deskStart());
  const bo3 = ctx.preset.bestOf === 3;
  switch (s.phase) {
    case "table": {
      if (isDigit(key)) return s.buffer.length >= MAX_TABLE_DIGITS ? unknown() : ok({ buffer: s.buffer + key });
      if (key === "Backspace") return ok({ buffer: s.buffer.slice(0, -1) });
      if (key !== "Enter") return unknown();
      if (!s.buffer) return own("TABLE_REQUIRED", {});
      const table = ctx.tables.get(Number(s.buffer));
      if (!table) return own("TABLE_UNKNOWN", { table: Number(s.buffer) });
      if (table.slot2 === null) {
        const bye = checkEntryOutcome(ruleOf(ctx, true), "WIN", ctx.preset.game);
        if (!bye.ok) return refuse({ code: bye.code, field: bye.field, params: bye.params });
      }
      return ok({ phase: "outcome", buffer: "", table });
    }
    case "outcome": {
      if (key === "Backspace") return ok({ phase: "table", buffer: String(s.table!.table), table: null });
      const outcome: Record<string, { result: DeskEntry["result"]; check: MatchOutcome | null }> = {
        "1": { result: "team1", check: "WIN" },
        "2": { result: "team2", check: "WIN" },
        d: { result: "draw", check: "DRAW" },
        x: { result: "doubleLoss", check: "DOUBLE_LOSS" },
        t: { result: "time", check: null },
      };
      const o = Object.hasOwn(outcome, key) ? outcome[key] : undefined;
      if (!o) return unknown();
      const rule = ruleOf(ctx);
      if (o.check) {
        const c = checkEntryOutcome(rule, o.check, ctx.preset.game);
        if (!c.ok) return refuse({ code: c.code, field: c.field, params: c.params });
      } else if (!rule.outcomes.timeCalled) return own("OUTCOME_NO_TIME", {});
      if (o.result === "time") return ok({ phase: "lp1", result: "time", buffer: "", games: null });
      if (o.result === "doubleLoss") return ok({ phase: "confirm", result: o.result, games: null });
      if (bo3) return ok({ phase: "score", result: o.result, games: null });
      return ok({ phase: "confirm", result: o.result, games: null });
    }
    case "score": {
      if (key === "Backspace") return ok({ phase: "outcome", result: null, games: null });
      if (key !== "0" && key !== "1") return unknown();
      const lost = Number(key);
      const g =
        s.result === "team1"
          ? { games1: 2, games2: lost }
          : s.result === "team2"
            ? { games1: lost, games2: 2 }
            : { games1: lost, games2: lost };
      return ok({ phase: "confirm", games: g });
    }
    case "lp1":
    case "lp2": {
      const field = s.phase;
      if (isDigit(key)) return s.buffer.length >= MAX_LP_DIGITS ? unknown() : ok({ buffer: s.buffer + key });
      if (key === "Backspace") {
        if (s.buffer) return ok({ buffer: s.buffer.slice(0, -1) });
        return field === "lp1" ? ok({ phase: "outcome", result: null }) : ok({ phase: "lp1", buffer: String(s.lp1), lp1: null });
      }
      if (key !== "Enter") return unknown();
      if (!s.buffer) return own("LP_REQUIRED", { field });
      const value = Number(s.buffer);
      const max = lpEntryMax(ctx.preset);
      if (value > max) return own("LP_TOO_BIG", { field, max });
      return field === "lp1" ? ok({ phase: "lp2", lp1: value, buffer: "" }) : ok({ phase: "confirm", lp2: value, buffer: "" });
    }
    case "confirm": {
      if (key === "Backspace") {
        if (s.result === "time") return ok({ phase: "lp2", buffer: String(s.lp2), lp2: null });
        if (s.games) return ok({ phase: "score", games: null });
        return ok({ phase: "outcome", result: null });
      }
      if (key !== "Enter") return unknown();
      const entry = entryOf(s);
      return ok({ phase: "done", entry });
    }
    case "done":
      // The next table starts with its first digit.
      return deskKey(deskStart(), rawKey, ctx);
  }
}

/** Runs a whole key sequence from the empty desk; stops at the first refusal. */
export function deskRun(keys: readonly string[], ctx: DeskContext): DeskStep & { pressed: number } {
  let state = deskStart();
  for (let i = 0; i < keys.length; i++) {
    const step = deskKey(state, keys[i], ctx);
    if (step.refusal) return { ...step, pressed: i };
    state = step.state;
  }
  return { state, refusal: null, pressed: keys.length };
}

/** A key to show at the current step: its id, label message key (floor.desk.keys.<label>) and params. */
export interface DeskKeyView {
  key: DeskKeyId | "digits";
  label: string;
  params: Record<string, string | number>;
}

/**
 * The keys to show for the current step (buttons on a phone, hints on a keyboard), with labels
 * naming the teams where it helps ("1 — Team Alpha won"). Digits are one entry ("digits") in the
 * table and LP steps.
 */
export function deskKeys(state: DeskState, ctx: DeskContext): DeskKeyView[] {
  const g = deskGrammar(ctx.preset, ctx.settings, ctx.stage);
  const k = (key: DeskKeyView["key"], label: string, params: Record<string, string | number> = {}): DeskKeyView => ({ key, label, params });
  const t = state.table;
  switch (state.phase) {
    case "table":
    case "done":
      return [k("digits", "table"), k("Enter", "findTable")];
    case "outcome":
      return [
        ...g.outcomeKeys.map((id) => {
          if (id === "1") return k(id, "win", { team: t!.slot1.name });
          if (id === "2") return k(id, "win", { team: t!.slot2!.name });
          if (id === "d") return k(id, "draw");
          if (id === "x") return k(id, "doubleLoss");
          return k(id, g.timeCalled === "double_loss" ? "timeDoubleLoss" : g.timeCalled === "draw" ? "timeDraw" : "time");
        }),
        k("Escape", "otherTable"),
      ];
    case "score":
      return state.result === "draw"
        ? [k("0", "score", { won: 0, lost: 0 }), k("1", "score", { won: 1, lost: 1 }), k("Backspace", "back")]
        : [k("0", "score", { won: 2, lost: 0 }), k("1", "score", { won: 2, lost: 1 }), k("Backspace", "back")];
    case "lp1":
      return [k("digits", "lp", { team: t!.slot1.name, max: g.lpMax, game: ctx.preset.game }), k("Enter", "next"), k("Backspace", "back")];
    case "lp2":
      return [k("digits", "lp", { team: t!.slot2!.name, max: g.lpMax, game: ctx.preset.game }), k("Enter", "next"), k("Backspace", "back")];
    case "confirm":
      return [k("Enter", "save"), k("Backspace", "back"), k("Escape", "otherTable")];
  }
}

/**
 * Tables found by a name (the table box also takes a team or duelist name): case- and
 * accent-insensitive substring of either team's name or a duelist's name (lib/teams searchKey),
 * in table order. A query of digits only is a table number, not a name: [] (the desk looks it up).
 */
export function findTables(tables: Iterable<DeskTable>, query: string): DeskTable[] {
  const q = searchKey(query);
  if (!q || /^[0-9]+$/.test(q)) return [];
  const names = (t: DeskTeam | null) => (t ? [t.name, ...t.seats.map((s) => s.name)] : []);
  return [...tables]
    .filter((t) => [...names(t.slot1), ...names(t.slot2)].some((n) => searchKey(n).includes(q)))
    .sort((a, b) => a.table - b.table);
}
