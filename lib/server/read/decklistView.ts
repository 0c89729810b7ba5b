/**
 * Read model for decklist pages, with the privacy rule (issue #2/#4): a decklist is visible to its
 * duelist, the teammate and the event's judges/organizer — to everyone else only once the
 * organizer publishes the event's lists. Pages get only what the viewer may see.
 */
import { topCutListsOpen } from "@/lib/venue/rules";
import { db } from "@/lib/db";
import { normaliseMtgName } from "@/lib/decks";
import { type StoredLegality, type StoredSections } from "@/lib/server/write/decklists";
import { isPasscode } from "@/lib/decks/passcode";

export interface CardLine {
  key: string;
  name: string;
  count: number;
  /**
   * The key violations use for this card (lib/decks Violation.card.key as a string): the canonical passcode (`alias || passcode`, YGO) or
   * the normalised name (MTG).
   */
  checkKey: string;
}
export interface DecklistDisplay {
  duelistId: string;
  designation: "A" | "B";
  duelistName: string;
  status: "missing" | "legal" | "illegal";
  locked: boolean;
  decklistId: string | null;
  sections: { id: "main" | "extra" | "side"; total: number; cards: CardLine[] }[];
  legality: StoredLegality | null;
  submittedAt: Date | null;
  /** When a judge last unlocked the list (null: never); feeds lib/decks `decklistWindow`. */
  unlockedAt: Date | null;
  format: string | null;
  /** The game of the stored list (null while missing): picks section words (Side Deck / sideboard). */
  game: "YGO" | "MTG" | null;
}

/**
 * May this viewer see this team's decklists? Staff, the team itself, everyone once published, and
 * (issue #16 setting `topCutOpenLists`, default off) a top-cut team for another top-cut team's lists
 * (`topCut`: the ids of the teams seated in a TOP_CUT round; lib/venue/rules topCutListsOpen).
 */
export function canSeeTeamLists(
  v: { role: string | null; myTeamId: string | null; published: boolean; topCutOpenLists?: boolean; topCut?: ReadonlySet<string> },
  teamId: string,
): boolean {
  if (Boolean(v.role) || v.myTeamId === teamId || v.published) return true;
  return topCutListsOpen({
    setting: Boolean(v.topCutOpenLists),
    viewerInCut: v.myTeamId !== null && Boolean(v.topCut?.has(v.myTeamId)),
    ownerInCut: Boolean(v.topCut?.has(teamId)),
  });
}

/** The ids of the teams seated in any TOP_CUT round of the event (issue #16 open lists). */
export async function topCutTeamIds(eventId: string): Promise<Set<string>> {
  const seats = await db().matchTeam.findMany({
    where: { match: { round: { eventId, kind: "TOP_CUT" } } },
    select: { teamId: true },
  });
  return new Set(seats.map((s) => s.teamId));
}

/** Both lists of a team, cards grouped with names. Caller must check canSeeTeamLists first. */
export async function teamDecklists(teamId: string): Promise<DecklistDisplay[]> {
  const tx = db();
  const duelists = await tx.duelist.findMany({ where: { teamId }, orderBy: { designation: "asc" }, include: { decklist: true } });
  const codes = new Set<number>();
  for (const d of duelists) {
    const s = d.decklist?.sections as unknown as StoredSections | undefined;
    if (s?.game === "YGO") for (const c of [...s.main, ...s.extra, ...s.side]) codes.add(c);
  }
  // A list stored before passcodes were range-checked may hold values the 32-bit column cannot
  // (e.g. 4127313695): they are shown as "#<number>", never sent to the database (issue #12).
  const rows = await tx.card.findMany({
    where: { passcode: { in: [...codes].filter(isPasscode) } },
    select: { passcode: true, name: true, alias: true },
  });
  const names = new Map(rows.map((c) => [c.passcode, c.name]));
  const canonical = new Map(rows.map((c) => [c.passcode, c.alias || c.passcode]));
  return duelists.map((d) => {
    const l = d.decklist;
    const s = l?.sections as unknown as StoredSections | undefined;
    const group = (ids: number[]): CardLine[] => {
      const m = new Map<number, number>();
      for (const c of ids) m.set(c, (m.get(c) ?? 0) + 1);
      return [...m].map(([c, n]) => ({ key: String(c), name: names.get(c) ?? `#${c}`, count: n, checkKey: String(canonical.get(c) ?? c) }));
    };
    const sections: DecklistDisplay["sections"] = !s
      ? []
      : s.game === "YGO"
        ? (["main", "extra", "side"] as const).map((id) => ({ id, total: s[id].length, cards: group(s[id]) }))
        : (["main", "side"] as const).map((id) => ({
            id,
            total: s[id].reduce((a, [, n]) => a + n, 0),
            cards: s[id].map(([name, n]) => ({ key: name, name, count: n, checkKey: normaliseMtgName(name) })),
          }));
    return {
      duelistId: d.id,
      designation: d.designation,
      duelistName: d.name,
      status: !l ? "missing" : l.isLegal ? "legal" : "illegal",
      locked: l?.locked ?? false,
      decklistId: l?.id ?? null,
      sections,
      legality: (l?.legality as unknown as StoredLegality) ?? null,
      submittedAt: l?.submittedAt ?? null,
      unlockedAt: l?.unlockedAt ?? null,
      format: l?.sourceFormat ?? null,
      game: s?.game ?? null,
    };
  });
}

/**
 * The decklist overview: every team by number with duelists (A, B) and each list's legality (the
 * page shows it only to staff or once published).
 */
export async function decklistOverview(eventId: string) {
  return db().team.findMany({
    where: { eventId },
    orderBy: { number: "asc" },
    include: { duelists: { orderBy: { designation: "asc" }, include: { decklist: { select: { isLegal: true, legality: true } } } } },
  });
}
