/**
 * Judge quick reference: `quickReference(preset, settings)` → ordered sections of items a judge
 * reads at the table. Every item is `{code, params, text}`: `code` is a key under
 * `formats.quickref.*` (section titles under `formats.sections.*`), `text` its English rendering
 * from messages/en/formats.json. Facts come from the preset (lib/formats/presets.ts) and the
 * EOMP steps from the procedure the engine runs (eomp.procedureFor), so switching the event to
 * `double_loss` changes what the EOMP section says.
 */
import type { Preset, PresetSettings } from "./presets";
import { resolveSettings, roundMinutesFor } from "./presets";
import { procedureFor } from "./eomp";
import { gamesToWin } from "./results";
import { isIndependent, seatOfTurn } from "./turns";
import { render, type MessageParams } from "./messages";

export interface QuickRefItem {
  code: string;
  params: MessageParams;
  text: string;
}

export type QuickRefSectionId = "LIFE" | "MATCH" | "TURNS" | "DECK" | "EOMP" | "POINTS" | "TIEBREAKERS";

export interface QuickRefSection {
  id: QuickRefSectionId;
  /** English title (formats.sections.<id>, rendered with `game`). */
  title: string;
  /** Params of the title template (`{game}`: "YGO" | "MTG" — LIFE reads "Life" for MTG). */
  titleParams: MessageParams;
  items: QuickRefItem[];
}

/** Every item carries the preset's `game` so templates pick the game's words (LP/life, Side Deck/sideboard, Limited/restricted). */
const itemFor =
  (game: string) =>
  (code: string, params: MessageParams = {}): QuickRefItem => {
    const p = { game, ...params };
    return { code, params: p, text: render("quickref", code, p) };
  };

/**
 * Ordered sections LIFE, MATCH, TURNS, DECK, EOMP, POINTS, TIEBREAKERS for the preset with the
 * event's settings (partial settings are resolved against the preset defaults).
 * Rules: life §1.2/§3/§4.1/§5.1; match §1.4/§2.1/§5.2; turns §1.5/§4.1/§5.1 (C22, C24, C30);
 * deck §1.7/§2.5/§5.4; EOMP §1.8/§2.2/§3.1/§5.3/§8.10; points and tiebreakers §5.5/§6.
 */
export function quickReference(preset: Preset, settings?: Partial<PresetSettings> | null): QuickRefSection[] {
  const s = resolveSettings(preset, settings);
  const indep = isIndependent(preset);
  const mtg = preset.game === "MTG";
  const sections: QuickRefSection[] = [];
  const item = itemFor(preset.game);
  const titleParams = { game: preset.game };
  const add = (id: QuickRefSectionId, items: QuickRefItem[]) =>
    sections.push({ id, title: render("sections", id, titleParams), titleParams, items });

  // LIFE
  const life: QuickRefItem[] = [];
  if (preset.life.model === "team") {
    life.push(item("LIFE_TEAM", { start: preset.life.start, game: preset.game }));
    if (!mtg) life.push(item("TEAM_LOSS_DRAW"));
  } else if (indep) life.push(item("LIFE_DUELIST", { start: preset.life.start }), item("INDEPENDENT_SPECIAL_WIN"));
  else life.push(item("LIFE_PLAYER", { start: preset.life.start }));
  add("LIFE", life);

  // MATCH
  add("MATCH", [
    item("MATCH_BEST_OF", { bestOf: preset.bestOf, need: gamesToWin(preset) }),
    item("ROUND_MINUTES", { minutes: roundMinutesFor(preset, s) }),
    item("DRAWN_GAMES_DONT_COUNT"),
  ]);

  // TURNS
  const kind = indep ? "independent" : mtg ? "mtg" : preset.teamSize === 1 ? "player" : "team";
  const turns: QuickRefItem[] = [item("TEAM_ONE", { kind }), item("TURN_ORDER", { order: preset.turnOrder.join(" → ") })];
  if (indep) turns.push(item("TEAMMATES_NOT_CONSECUTIVE"));
  if (preset.noBattleTurns > 0) {
    const turn = preset.noBattleTurns + 1;
    turns.push(item("FIRST_BATTLE_TURN", { noBattle: preset.noBattleTurns, turn, seat: seatOfTurn(preset, turn) ?? "" }));
  }
  turns.push(item("FIRST_TURN_NO_DRAW", { kind: mtg ? "mtg" : "other" }));
  add("TURNS", turns);

  // DECK
  const d = preset.deck;
  const deck: QuickRefItem[] = [
    d.main.max === null ? item("DECK_MAIN_NO_MAX", { min: d.main.min }) : item("DECK_MAIN", { min: d.main.min, max: d.main.max }),
  ];
  if (d.extra) deck.push(item("DECK_EXTRA", { max: d.extra.max }));
  deck.push(d.side ? item("DECK_SIDE", { max: d.side.max }) : item("DECK_NO_SIDE"));
  deck.push(item("COPY_LIMIT", { n: d.copyLimit }));
  deck.push(item("LIST_SCOPE", { scope: s.listScope }));
  if (d.teamCopyLimit !== null) deck.push(item("TEAM_COPY_LIMIT", { n: d.teamCopyLimit, rule: s.teamCopyRule ?? "combined4" }));
  add("DECK", deck);

  // EOMP
  add("EOMP", eompItems(preset, s));

  // POINTS
  const p = preset.points;
  add("POINTS", [item("POINTS", { win: p.win, draw: p.draw, loss: p.loss, bye: p.bye })]);

  // TIEBREAKERS
  const tb: QuickRefItem[] = [item("TIEBREAKERS_AFTER_POINTS")];
  preset.tiebreakers.forEach((t, i) => tb.push(item("TIEBREAKER", { rank: i + 1, tiebreaker: t })));
  if (preset.percentageFloor > 0) tb.push(item("PERCENTAGE_FLOOR", { floor: preset.percentageFloor }));
  add("TIEBREAKERS", tb);
  return sections;
}

/** The EOMP steps for the event's variant, for Swiss and top cut (mirrors eomp.procedureFor). */
function eompItems(preset: Preset, s: PresetSettings): QuickRefItem[] {
  const swiss = procedureFor({ preset: preset.id, settings: s, stage: "swiss" });
  const top = procedureFor({ preset: preset.id, settings: s, stage: "single_elimination" });
  const items: QuickRefItem[] = [];
  const game = preset.game;
  const item = itemFor(game);
  if (swiss.family === "double_loss") {
    items.push(item("EOMP_DOUBLE_LOSS", { points: preset.points.doubleLoss }), item("EOMP_TOP_CUT_UNTIMED"));
    return items;
  }
  if (swiss.family === "phase") items.push(item("EOMP_TIME_FINISH_PHASE"));
  else items.push(item("EOMP_TIME_FINISH_TURN", { extraTurns: swiss.extraTurns }));
  items.push(item("EOMP_WIN_STANDS"));
  if (isIndependent(preset)) items.push(item("EOMP_INDEPENDENT_RULE", { rule: s.independentTimeRule ?? "survivors_then_lp" }));
  if (s.eomp === "mtg_three_turns") {
    if (swiss.noComparison) items.push(item("EOMP_UNFINISHED_DRAW"), item("EOMP_TOP_CUT_HIGHER_LIFE", { stage: "top_cut" }));
    else items.push(item("EOMP_TOP_CUT_HIGHER_LIFE", { stage: "all" }));
    items.push(item("EOMP_NO_NEW_GAME"));
    return items;
  }
  items.push(item("EOMP_COMPARE_LP", { game }));
  // equal LP
  if (swiss.family === "phase") {
    if (swiss.lpTie === "draw")
      items.push(item("EOMP_SWISS_EQUAL_LP_DRAW"), item("EOMP_EQUAL_LP_TURN_BY_TURN_FINISH", { stage: "top_cut" }));
    else items.push(item("EOMP_EQUAL_LP_TURN_BY_TURN_FINISH", { stage: "all" }));
  } else if (swiss.lpTie === "first_change") items.push(item("EOMP_EQUAL_LP_FIRST_CHANGE"));
  else if (swiss.lpTie === "draw") items.push(item("EOMP_SWISS_EQUAL_LP_DRAW"), item("EOMP_EQUAL_LP_TURN_BY_TURN", { stage: "top_cut" }));
  else items.push(item("EOMP_EQUAL_LP_TURN_BY_TURN", { stage: "all" }));
  // game wins — only when a match has several games: a best-of-one match (Tag §1.4, 2HG §5.2) is
  // decided by its one game, so "more game wins" and the tie-break game do not apply (issue #13 item 11).
  if (preset.bestOf === 1) {
    items.push(item("EOMP_NO_NEW_GAME"));
    return items;
  }
  items.push(item("EOMP_GAME_LEAD"));
  const tiebreak = { turns: top.tiebreakTurns ?? 0, side: top.tiebreakSide, tie: top.tiebreakTie };
  if (swiss.equalGames === "draw")
    items.push(item("EOMP_SWISS_EQUAL_GAMES_DRAW"), item("EOMP_EQUAL_GAMES_TIEBREAK", { ...tiebreak, stage: "top_cut" }));
  else items.push(item("EOMP_EQUAL_GAMES_TIEBREAK", { ...tiebreak, stage: "all" }));
  items.push(item("EOMP_NO_NEW_GAME"));
  return items;
}
