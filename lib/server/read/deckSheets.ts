/**
 * Read model of the decklist downloads (issue #17 "Decklists out"): who may download a team's lists
 * (the same rule as the decklist page, `canSeeTeamLists`: the duelist, the teammate, the event's
 * judges/organizer, anyone once the organizer published the lists), the `.ydk` / text files of one
 * list, and the plain values lib/pdf/deckSheets.mjs turns into the deck-check PDF. Card types come
 * from the Card rows (`.cdb` import): Monster/Spell/Trap = `type` bits 0x1/0x2/0x4 (lib/decks/cdb).
 */
import { db } from "@/lib/db";
import { staffRole, type Actor } from "@/lib/auth/actor";
import { getPreset } from "@/lib/formats/presets";
import { writeYdk } from "@/lib/decks";
import { ygoSheetList } from "@/lib/pdf/sheetLists";
import { isPasscode } from "@/lib/decks/passcode";
import type { StoredSections } from "@/lib/server/write/decklists";
import { canSeeTeamLists } from "./decklistView";
import type { DeckSheetsInput, SheetCard, SheetTeam } from "@/lib/pdf/deckSheets.mjs";

/** The viewer's standing in an event: staff role and own team (null when none); null for an unknown event. */
export async function deckFileViewer(eventId: string, actor: Actor) {
  const event = await db().event.findUnique({ where: { id: eventId }, select: { id: true, decklistsPublished: true } });
  if (!event) return null;
  const role = await staffRole(db(), actor.userId, eventId);
  const mine = actor.userId ? await db().duelist.findFirst({ where: { eventId, userId: actor.userId }, select: { teamId: true } }) : null;
  return { role, myTeamId: mine?.teamId ?? null, published: event.decklistsPublished };
}

/** May this viewer download the lists of `teamId` (which must belong to `eventId`)? */
export async function mayDownloadTeamLists(eventId: string, teamId: string, actor: Actor): Promise<boolean> {
  const v = await deckFileViewer(eventId, actor);
  if (!v) return false;
  const team = await db().team.findFirst({ where: { id: teamId, eventId }, select: { id: true } });
  return Boolean(team) && canSeeTeamLists(v, teamId);
}

/**
 * One duelist's list as a file: `.ydk` (passcodes, `#main`/`#extra`/`!side`, YGO only) or text
 * (`3 Card Name` lines under `Monster`/`Spell`/`Trap`/`Extra Deck`/`Side Deck` headers for YGO —
 * the layout lib/decks parseYgoText reads back; `Main`/`Sideboard` for MTG). Null: no such duelist
 * in the team, no list, or `.ydk` of an MTG list.
 */
export async function duelistListFile(teamId: string, designation: "A" | "B", format: "ydk" | "txt") {
  const d = await db().duelist.findFirst({
    where: { teamId, designation },
    include: { decklist: true, team: { select: { number: true } } },
  });
  const s = d?.decklist?.sections as unknown as StoredSections | undefined;
  if (!d || !s) return null;
  const base = `team${d.team.number}-${designation}`;
  if (format === "ydk") {
    if (s.game !== "YGO") return null;
    return { fileName: `${base}.ydk`, body: writeYdk({ main: s.main, extra: s.extra, side: s.side }) };
  }
  if (s.game === "MTG") {
    const lines = (xs: [string, number][]) => xs.map(([n, c]) => `${c} ${n}`);
    return { fileName: `${base}.txt`, body: ["Main", ...lines(s.main), "", "Sideboard", ...lines(s.side)].join("\n") + "\n" };
  }
  const sheet = await ygoSheetLists([s]);
  const l = sheet[0];
  const block = (title: string, cards: SheetCard[]) => [
    `${title}: ${cards.reduce((a, c) => a + c.count, 0)}`,
    ...cards.map((c) => `${c.count} ${c.name}`),
    "",
  ];
  const body = [
    `# ${d.name}`,
    ...block("Monster", l.monster),
    ...block("Spell", l.spell),
    ...block("Trap", l.trap),
    ...block("Extra Deck", l.extra),
    ...block("Side Deck", l.side),
  ].join("\n");
  return { fileName: `${base}.txt`, body };
}

/**
 * YGO lists split for Konami's form. A passcode with no Card row (or an unknown type) goes under
 * Monster as `#<passcode>` so no copy is lost from the totals.
 */
async function ygoSheetLists(lists: Extract<StoredSections, { game: "YGO" }>[]) {
  const codes = new Set<number>();
  for (const s of lists) for (const c of [...s.main, ...s.extra, ...s.side]) if (isPasscode(c)) codes.add(c);
  const rows = codes.size
    ? await db().card.findMany({ where: { passcode: { in: [...codes] } }, select: { passcode: true, name: true, type: true } })
    : [];
  const byCode = new Map(rows.map((r) => [r.passcode, r]));
  return lists.map((s) => ygoSheetList(s, byCode));
}

/**
 * The deck-check PDF input of an event (every team by number) or of one team. Null for an unknown
 * event (or a team not in it). Event day as YYYY-MM-DD (the `@db.Date` column, UTC).
 */
export async function deckSheetsInput(eventId: string, teamId?: string): Promise<DeckSheetsInput | null> {
  const event = await db().event.findUnique({
    where: { id: eventId },
    select: { name: true, formatPreset: true, startsOn: true, location: true },
  });
  if (!event) return null;
  const teams = await db().team.findMany({
    where: { eventId, ...(teamId ? { id: teamId } : {}) },
    orderBy: { number: "asc" },
    select: {
      number: true,
      name: true,
      duelists: {
        orderBy: { designation: "asc" },
        select: { designation: true, name: true, playerId: true, decklist: { select: { sections: true } } },
      },
    },
  });
  if (teamId && teams.length === 0) return null;
  const ygo: Extract<StoredSections, { game: "YGO" }>[] = [];
  for (const t of teams)
    for (const d of t.duelists) {
      const s = d.decklist?.sections as unknown as StoredSections | undefined;
      if (s?.game === "YGO") ygo.push(s);
    }
  const split = await ygoSheetLists(ygo);
  let next = 0;
  const out: SheetTeam[] = teams.map((t) => ({
    number: t.number,
    name: t.name,
    duelists: t.duelists.map((d) => {
      const s = d.decklist?.sections as unknown as StoredSections | undefined;
      const list = !s
        ? null
        : s.game === "YGO"
          ? split[next++]
          : {
              game: "MTG" as const,
              main: s.main.map(([name, count]) => ({ name, count })),
              side: s.side.map(([name, count]) => ({ name, count })),
            };
      return { designation: d.designation, name: d.name, playerId: d.playerId, list };
    }),
  }));
  return {
    game: getPreset(event.formatPreset).game,
    event: { name: event.name, date: event.startsOn ? event.startsOn.toISOString().slice(0, 10) : null, location: event.location },
    teams: out,
  };
}
