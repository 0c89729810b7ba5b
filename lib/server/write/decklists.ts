/**
 * Decklist evaluation on the server: rebuild a team's two parsed decks from their stored sections,
 * run lib/decks' per-duelist and team checks under the event's preset, settings and F&L list, and
 * store each duelist's result (team violations are stored on both lists). Read once, compute in
 * the core, write once.
 */
import { eventRules, type LoadedEventRules } from "@/lib/server/write/eventRules";
import {
  checkDuelist,
  checkTeam,
  loneVerdict,
  type LegalityResult,
  type TeamLegalityResult,
  type MtgBanlist,
  type MtgDeck,
  type Violation,
  type YgoBanlist,
  type YgoDeck,
} from "@/lib/decks";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardIndex, loadBanlist } from "./cards";

/** Stored sections: YGO passcodes per copy, or MTG [name, count] pairs. */
export type StoredSections =
  { game: "YGO"; main: number[]; extra: number[]; side: number[] } | { game: "MTG"; main: [string, number][]; side: [string, number][] };

export interface StoredLegality {
  legal: boolean;
  counts: LegalityResult["counts"];
  /** This duelist's own violations. */
  violations: Violation[];
  /** Team-level violations (both lists of the team carry them). */
  team: Violation[];
  /** The list the check used (name), or null when the event has none. */
  list: string | null;
}

export function toSections(parsed: { game: "YGO"; deck: YgoDeck } | { game: "MTG"; deck: MtgDeck }): StoredSections {
  if (parsed.game === "YGO") return { game: "YGO", main: parsed.deck.main, extra: parsed.deck.extra, side: parsed.deck.side };
  return { game: "MTG", main: [...parsed.deck.main.entries()], side: [...parsed.deck.side.entries()] };
}

function ygoDeck(s: StoredSections): YgoDeck {
  return s.game === "YGO" ? { main: s.main, extra: s.extra, side: s.side } : { main: [], extra: [], side: [] };
}
function mtgDeck(s: StoredSections): MtgDeck {
  return s.game === "MTG" ? { main: new Map(s.main), side: new Map(s.side) } : { main: new Map(), side: new Map() };
}

/**
 * Re-checks every decklist of a team and stores the results. With one list missing, the present
 * one gets its per-duelist result and no team violations (team rules need both lists). `rules`:
 * the transaction's eventRules load when the caller has it and the event did not change since.
 */
export async function recheckTeam(tx: Tx, eventId: string, teamId: string, rules?: LoadedEventRules): Promise<void> {
  const { event, preset, settings } = rules ?? (await eventRules(tx, eventId));
  const lists = await tx.decklist.findMany({ where: { duelist: { teamId } }, include: { duelist: true } });
  if (lists.length === 0) return;
  const banlist = event.banlistId ? await loadBanlist(tx, event.banlistId) : null;
  const byDes = { A: lists.find((l) => l.duelist.designation === "A"), B: lists.find((l) => l.duelist.designation === "B") };
  const sec = (l: (typeof lists)[number] | undefined) => (l ? (l.sections as unknown as StoredSections) : null);
  const results: Record<"A" | "B", StoredLegality | null> = { A: null, B: null };
  // One code path for both games: only the deck shape and the check options differ.
  let team: (a: StoredSections, b: StoredSections) => TeamLegalityResult;
  let one: (s: StoredSections) => LegalityResult;
  if (preset.game === "YGO") {
    const opts = { preset, settings, cards: await cardIndex(tx), banlist: banlist as YgoBanlist | null };
    team = (a, b) => checkTeam([ygoDeck(a), ygoDeck(b)], opts);
    one = (s) => checkDuelist(ygoDeck(s), opts);
  } else {
    const opts = { preset, settings, banlist: banlist as MtgBanlist | null };
    team = (a, b) => checkTeam([mtgDeck(a), mtgDeck(b)], opts);
    one = (s) => checkDuelist(mtgDeck(s), opts);
  }
  const list = banlist?.name ?? null;
  const a = sec(byDes.A),
    b = sec(byDes.B);
  // The per-duelist verdicts come from lib/decks (checkTeam's `verdicts`; loneVerdict when a list is missing).
  if (a && b) {
    const v = team(a, b).verdicts;
    results.A = { ...v[0], list };
    results.B = { ...v[1], list };
  } else {
    for (const d of ["A", "B"] as const) {
      const s = sec(byDes[d]);
      if (s) results[d] = { ...loneVerdict(one(s)), list };
    }
  }
  for (const d of ["A", "B"] as const) {
    const l = byDes[d],
      res = results[d];
    if (l && res)
      await tx.decklist.update({ where: { id: l.id }, data: { legality: res as unknown as Prisma.InputJsonValue, isLegal: res.legal } });
  }
}

/** Re-checks every team with a decklist (after the event's F&L list, preset or settings change). */
export async function recheckEvent(tx: Tx, eventId: string): Promise<number> {
  const teams = await tx.team.findMany({ where: { eventId, duelists: { some: { decklist: { isNot: null } } } }, select: { id: true } });
  if (teams.length === 0) return 0;
  const rules = await eventRules(tx, eventId); // once for all teams (the caller's event update is already written)
  for (const t of teams) await recheckTeam(tx, eventId, t.id, rules);
  return teams.length;
}
