/**
 * Konami's deck list form splits the Main Deck by card type (RULES.md §2.6): Monster, Spell and Trap
 * groups, each with its total. Pure: the card rows (`.cdb` import; `type` bit set 0x1 Monster,
 * 0x2 Spell, 0x4 Trap, lib/decks/cdb) are passed in.
 */
import { TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP } from "@/lib/decks/cdb";
import type { YgoDeck } from "@/lib/decks/types";
import type { SheetCard, YgoSheetList } from "./deckSheets.mjs";

/** Lines in first-seen order: one per passcode with its copies. */
function group(ids: number[], name: (c: number) => string): SheetCard[] {
  const m = new Map<number, number>();
  for (const c of ids) m.set(c, (m.get(c) ?? 0) + 1);
  return [...m].map(([c, count]) => ({ name: name(c), count }));
}

/**
 * The form's groups of a YGO deck. `cards` maps passcode → its row; a passcode without a row (or
 * with none of the three type bits) is listed under Monster as `#<passcode>` so the totals keep
 * every copy (Main total = Monster + Spell + Trap = `deck.main.length`).
 */
export function ygoSheetList(deck: YgoDeck, cards: ReadonlyMap<number, { name: string; type: number }>): YgoSheetList {
  const name = (c: number) => cards.get(c)?.name ?? `#${c}`;
  const kind = (c: number) => {
    const t = cards.get(c)?.type ?? TYPE_MONSTER;
    return t & TYPE_SPELL ? "spell" : t & TYPE_TRAP ? "trap" : "monster";
  };
  return {
    game: "YGO",
    monster: group(
      deck.main.filter((c) => kind(c) === "monster"),
      name,
    ),
    spell: group(
      deck.main.filter((c) => kind(c) === "spell"),
      name,
    ),
    trap: group(
      deck.main.filter((c) => kind(c) === "trap"),
      name,
    ),
    extra: group(deck.extra, name),
    side: group(deck.side, name),
  };
}
