/**
 * The infraction catalogue (issue #13 item 8): the infractions of the game's penalty document with
 * their default penalty, plus an event's local entries. Pure: the data is the committed file
 * `lib/formats/data/infractions.json` (one public source URL per entry); nothing is read at run time.
 *
 * Sources (per entry in the file):
 * - Yu-Gi-Oh!: Konami's KDE Tournament Infractions and Penalties Policy (severity → penalty:
 *   Minor = Warning, Major = Game Loss, Strict = Match Loss, Severe / Cheating = Disqualification).
 * - Magic: the Infraction Procedure Guide effective 2024-09-23 (Appendix A). Missed Trigger has no
 *   penalty in the IPG (`defaultPenalty: null`): the judge chooses one only if it applies.
 * Naming decision: `name` is the source's English term — the term Brazilian and Italian judges and
 * scorekeepers write on slips — and `label` is the same infraction in the page's language; the
 * picker shows the label and, when it differs, the English name beside it.
 */
import data from "./data/infractions.json";
import { PENALTY_KINDS, type PenaltyKind } from "./penalties";
import type { Game } from "./presets";

export type CatalogueLocale = "en" | "pt-BR" | "it";

/** One catalogue entry (see the module doc). */
export interface Infraction {
  /** Stable id, e.g. "mtg.te_sp"; stored on Penalty.infractionCode. */
  id: string;
  game: Game;
  /** The source document's term (English). */
  name: string;
  label: Record<CatalogueLocale, string>;
  /** null = the source gives no default penalty (the judge picks one). */
  defaultPenalty: PenaltyKind | null;
  /** Public URL of the entry's source text. */
  source: string;
}

/** An event's own entry, added by its organizer (stored in LocalInfraction). */
export interface LocalInfractionEntry {
  id: string;
  name: string;
  defaultPenalty: PenaltyKind | null;
}

/** What the penalty form's picker shows: catalogue and local entries alike. */
export interface PickerInfraction {
  /** "cat:<catalogue id>" or "local:<row id>". */
  value: string;
  label: string;
  /** The English source term when it differs from the label (catalogue only). */
  sourceName: string | null;
  defaultPenalty: PenaltyKind | null;
  source: string | null;
  local: boolean;
}

const ENTRIES: readonly Infraction[] = (data.entries as unknown as Infraction[]).map((e) => Object.freeze({ ...e }));
const BY_ID = new Map(ENTRIES.map((e) => [e.id, e]));

/** The document each game's entries come from ({title, url}). */
export const INFRACTION_DOCUMENTS: Record<Game, { title: string; url: string }> = data.documents as Record<
  Game,
  { title: string; url: string }
>;

/** Every catalogue entry of a game, in the source document's order. */
export function infractionCatalogue(game: Game): readonly Infraction[] {
  return ENTRIES.filter((e) => e.game === game);
}

/** The catalogue entry with this id, or undefined. */
export function getInfraction(id: string): Infraction | undefined {
  return BY_ID.get(id);
}

/** The entry's label in `locale` (English when the locale has none). */
export function infractionLabel(entry: Infraction, locale: string): string {
  return entry.label[locale as CatalogueLocale] ?? entry.label.en;
}

/**
 * The picker's entries for an event: the game's catalogue, then the event's local entries (by
 * name). `value` tells the server which one was picked ("cat:…" / "local:…").
 */
export function pickerInfractions(game: Game, local: readonly LocalInfractionEntry[], locale: string): PickerInfraction[] {
  const cat = infractionCatalogue(game).map((e): PickerInfraction => {
    const label = infractionLabel(e, locale);
    return {
      value: `cat:${e.id}`,
      label,
      sourceName: label === e.name ? null : e.name,
      defaultPenalty: e.defaultPenalty,
      source: e.source,
      local: false,
    };
  });
  const own = [...local]
    .sort((a, b) => a.name.localeCompare(b.name, locale))
    .map((e): PickerInfraction => ({
      value: `local:${e.id}`,
      label: e.name,
      sourceName: null,
      defaultPenalty: e.defaultPenalty,
      source: null,
      local: true,
    }));
  return [...cat, ...own];
}

/** Parses a picker value ("cat:<id>" | "local:<id>"); null for anything else. */
export function parseInfractionValue(value: string): { kind: "cat" | "local"; id: string } | null {
  const m = /^(cat|local):(.{1,64})$/.exec(value);
  return m ? { kind: m[1] as "cat" | "local", id: m[2] } : null;
}

/** True when `k` is a penalty kind (used to check the data file and local entries). */
export function isPenaltyKind(k: unknown): k is PenaltyKind {
  return typeof k === "string" && (PENALTY_KINDS as readonly string[]).includes(k);
}
