/**
 * Server-side loaders for the legality engine's inputs, cached per process:
 * - the full Yu-Gi-Oh! CardIndex (rebuilt when the Card table's row count changes, and at once in
 *   the process that imported cards — `invalidateCards()`);
 * - F&L lists by id (immutable once imported).
 * lib/decks compiles each (list, index) pair once, so repeated checks are cheap.
 */
import { CardIndex, makeCard, type MtgBanlist, type YgoBanlist } from "@/lib/decks";
import type { Tx } from "@/lib/db";

const g = globalThis as unknown as {
  tandemCards?: { count: number; index: CardIndex };
  tandemLists?: Map<string, YgoBanlist | MtgBanlist>;
};

/** The full card index (all Card rows). */
export async function cardIndex(tx: Tx): Promise<CardIndex> {
  const count = await tx.card.count();
  if (g.tandemCards && g.tandemCards.count === count) return g.tandemCards.index;
  const rows = await tx.card.findMany({ select: { passcode: true, alias: true, name: true, type: true, ot: true } });
  const index = new CardIndex(rows.map((r) => makeCard(r.passcode, r.alias, r.name, r.type, r.ot)));
  g.tandemCards = { count, index };
  return index;
}

export function invalidateCards(): void {
  g.tandemCards = undefined;
}

/** A stored list as the legality engine's Banlist (YGO by passcode, MTG by normalised name). */
export async function loadBanlist(tx: Tx, id: string): Promise<YgoBanlist | MtgBanlist | null> {
  const cache = (g.tandemLists ??= new Map());
  const hit = cache.get(id);
  if (hit) return hit;
  const bl = await tx.banlist.findUnique({ where: { id }, include: { entries: true } });
  if (!bl) return null;
  const list =
    bl.game === "YGO"
      ? {
          name: bl.name,
          isWhitelist: bl.isWhitelist,
          entries: new Map(bl.entries.filter((e) => e.passcode !== null).map((e) => [e.passcode as number, e.limit])),
        }
      : {
          name: bl.name,
          isWhitelist: bl.isWhitelist,
          entries: new Map(bl.entries.filter((e) => e.cardName !== null).map((e) => [e.cardName as string, e.limit])),
        };
  cache.set(id, list);
  return list;
}
