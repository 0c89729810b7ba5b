/**
 * Read model of the read API (issue #17; shapes in lib/api/schemas.ts). Anonymous, public data
 * only — the same the public pages show a signed-out visitor: no claim codes, no Player IDs (the
 * teams page shows them to staff only), decklists only once the organizer publishes them (or, for
 * a signed-in duelist of a top-cut team, the other top-cut teams' lists when the event's
 * `topCutOpenLists` setting is on: lib/server/read/decklistView canSeeTeamLists). Staff roles are
 * not applied here: staff read unpublished data in the app, never through the API.
 * Every function returns null for an unknown event (the route answers 404).
 */
import { db } from "@/lib/db";
import type { StageName } from "@/lib/pairing/stages";
import { getPreset, resolveSettings, type PresetSettings } from "@/lib/formats/presets";
import type { Decklists, EventDetail, EventList, EventSummary, MtgoTournament, Pairings, RoundList, Standings } from "@/lib/api/schemas";
import { printedLink } from "@/lib/server/http/publicAddress";
import { canSeeTeamLists, teamDecklists, topCutTeamIds } from "./decklistView";
import { standingsData } from "./liveData";
import { roundView } from "./pairings";
import { standingsView } from "./standings";
import { eventPlacings } from "./placings";

type EventRow = {
  id: string;
  name: string;
  status: EventSummary["status"];
  formatPreset: string;
  version: number;
  _count: { teams: number };
};

function summary(e: EventRow): EventSummary {
  return {
    id: e.id,
    name: e.name,
    status: e.status,
    formatPreset: e.formatPreset,
    game: getPreset(e.formatPreset).game,
    teams: e._count.teams,
    version: e.version,
  };
}

/** At most this many events in the list (newest first). */
export const API_EVENT_LIST_MAX = 200;

/** The public event list: every event not hidden, newest first (the home page's list for a signed-out visitor). */
export async function apiEvents(): Promise<EventList> {
  const rows = await db().event.findMany({
    where: { hidden: false },
    orderBy: { createdAt: "desc" },
    take: API_EVENT_LIST_MAX,
    include: { _count: { select: { teams: true } } },
  });
  return { events: rows.map(summary) };
}

/** One event (a hidden event is reachable by its id, like its public pages). */
export async function apiEvent(eventId: string): Promise<EventDetail | null> {
  const e = await db().event.findUnique({ where: { id: eventId }, include: { _count: { select: { teams: true } } } });
  if (!e) return null;
  const p = await eventPlacings(eventId);
  return { ...summary(e), decklistsPublished: e.decklistsPublished, swissRounds: p.swissRounds, topCut: p.cut, champion: p.championName };
}

/** Published and closed rounds in number order (paired rounds not yet published are not public). */
export async function apiRounds(eventId: string, version: number): Promise<RoundList> {
  const [rounds, p] = await Promise.all([
    db().round.findMany({
      where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } },
      orderBy: { number: "asc" },
      include: { _count: { select: { matches: true } } },
    }),
    eventPlacings(eventId),
  ]);
  return {
    version,
    rounds: rounds.map((r) => ({
      number: r.number,
      kind: r.kind,
      status: r.status as "PUBLISHED" | "CLOSED",
      stage: p.stages.get(r.number)?.kind ?? null,
      minutes: r.minutes,
      matches: r._count.matches,
    })),
  };
}

/** The pairings of round `number` (published or closed only; null otherwise). */
export async function apiPairings(eventId: string, number: number, version: number): Promise<Pairings | null> {
  const r = await roundView(eventId, { number, publishedOnly: true });
  if (!r || r.number !== number) return null;
  const p = await eventPlacings(eventId);
  return {
    version,
    round: {
      number: r.number,
      kind: r.kind,
      status: r.status as "PUBLISHED" | "CLOSED",
      stage: p.stages.get(r.number)?.kind ?? null,
      minutes: r.minutes,
      matches: r.matches.length,
    },
    matches: r.matches.map((m) => ({
      table: m.table,
      outcome: m.outcome,
      winnerSlot: m.winnerSlot,
      games: [m.games1, m.games2] as [number, number],
      seats: m.teams.map((s) => ({
        slot: s.slot,
        teamId: s.teamId,
        name: s.team.name,
        duelists: s.team.duelists.map((d) => ({ designation: d.designation, name: d.name })),
      })),
    })),
  };
}

/** Official standings (closed Swiss rounds, liveData standingsData) plus finalPlacings (lib/server/read/placings). */
export async function apiStandings(eventId: string, version: number): Promise<Standings> {
  const [s, p] = await Promise.all([standingsData(eventId, version, { swissOrder: true }), eventPlacings(eventId)]);
  const names = new Map(s.rows.map((r) => [r.teamId, r.name]));
  const missing = (p.placings ?? []).filter((x) => !names.has(x.teamId)).map((x) => x.teamId);
  if (missing.length > 0)
    for (const t of await db().team.findMany({ where: { id: { in: missing } }, select: { id: true, name: true } })) names.set(t.id, t.name);
  // The API's fields only (lib/api/schemas Standings): the page's extras (duelists, game record, placing per row) stay off it.
  return {
    version: s.version,
    throughRound: s.throughRound,
    rows: s.rows.map((r) => ({
      rank: r.rank,
      tied: r.tied,
      teamId: r.teamId,
      name: r.name,
      points: r.points,
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
      byes: r.byes,
      dropped: r.dropped,
      disqualified: r.disqualified,
      cells: r.cells,
    })),
    placings:
      p.placings?.map((x) => ({ place: x.place, teamId: x.teamId, name: names.get(x.teamId) ?? "?", stage: x.stage, band: x.band })) ??
      null,
  };
}

/**
 * The decklists the viewer may read: every team's once published; before that none, except for a
 * signed-in duelist (`userId`) of a top-cut team when `topCutOpenLists` is on (issue #16 rule).
 */
export async function apiDecklists(eventId: string, version: number, userId: string | null): Promise<Decklists | null> {
  const e = await db().event.findUnique({
    where: { id: eventId },
    select: { decklistsPublished: true, formatPreset: true, settings: true },
  });
  if (!e) return null;
  const settings = resolveSettings(getPreset(e.formatPreset), e.settings as Partial<PresetSettings>);
  const me = userId ? await db().duelist.findFirst({ where: { eventId, userId }, select: { teamId: true } }) : null;
  const open = !e.decklistsPublished && settings.topCutOpenLists && me;
  const topCut = open ? await topCutTeamIds(eventId) : new Set<string>();
  const viewer = {
    role: null,
    myTeamId: me?.teamId ?? null,
    published: e.decklistsPublished,
    topCutOpenLists: settings.topCutOpenLists,
    topCut,
  };
  const teams = await db().team.findMany({ where: { eventId }, orderBy: { number: "asc" }, select: { id: true, name: true } });
  const visible = teams.filter((t) => (e.decklistsPublished || open) && canSeeTeamLists(viewer, t.id));
  const out: Decklists["teams"] = [];
  for (const t of visible) {
    const lists = await teamDecklists(t.id);
    out.push({
      teamId: t.id,
      name: t.name,
      duelists: lists.map((l) => ({
        designation: l.designation,
        name: l.duelistName,
        status: l.status,
        sections: l.sections.map((s) => ({
          id: s.id,
          total: s.total,
          cards: s.cards.map((c) => ({ key: c.key, name: c.name, count: c.count })),
        })),
      })),
    });
  }
  return { version, published: e.decklistsPublished, teams: out };
}

/** The public address (lib/server/http/publicAddress) without the trailing slash; "" when only loopback is known. */
export async function mtgoBaseUrl(): Promise<string> {
  return (await printedLink("/")).url?.replace(/\/$/, "") ?? "";
}

/** Why an event has no MTGODecklistCache export: not MTG, or not finished. */
export type MtgoRefusal = "not-mtg" | "not-finished";

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${s}`;
};

/** MTGODecklistCache round names: "Round N" (Swiss), "Quarterfinals", "Semifinals", "Finals", "Top 16" (lib/pairing/stages). */
function mtgoRoundName(number: number, stage: StageName | undefined): string {
  switch (stage?.kind) {
    case "quarterfinals":
      return "Quarterfinals";
    case "semifinals":
      return "Semifinals";
    case "final":
      return "Finals";
    case "roundOf":
      return `Top ${stage.params.teams}`;
    default:
      return `Round ${number}`;
  }
}

/**
 * The MTGODecklistCache CacheItem of a finished MTG event (github.com/Badaro/MTGODecklistCache:
 * Tournament {Date, Name, Uri}, Decks, Rounds, Standings). Two-Headed Giant mapping: a standings
 * and match `Player` is the team name, a standing's Rank its final place (finalPlacings); each duelist's list is one Deck whose Player is
 * "<team> / <duelist>" and whose Result is the team's final place ("1st Place"). Decks are listed
 * only once the organizer published the lists (else `Decks: []`). Round names: "Round N" for Swiss,
 * the stage name for the cut. Match Result "W-L-D" in games of Player1 (a bye: Player2 "BYE").
 * Dates are ISO 8601 UTC of the event's creation. `baseUrl` makes Uri / AnchorUri absolute.
 * @returns the item, a refusal, or null for an unknown event.
 */
export async function mtgoExport(eventId: string, baseUrl: string): Promise<MtgoTournament | MtgoRefusal | null> {
  const e = await db().event.findUnique({ where: { id: eventId } });
  if (!e) return null;
  if (getPreset(e.formatPreset).game !== "MTG") return "not-mtg";
  if (e.status !== "FINISHED") return "not-finished";
  const date = e.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z");
  const uri = `${baseUrl}/events/${e.id}`;
  const [view, p] = await Promise.all([standingsView(eventId), eventPlacings(eventId)]);
  const teamName = (id: string) => view.teams.get(id)?.name ?? "?";
  const rounds = await db().round.findMany({
    where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } },
    orderBy: { number: "asc" },
    include: { matches: { orderBy: { table: "asc" }, include: { teams: { orderBy: { slot: "asc" } } } } },
  });
  const Rounds = rounds.map((r) => ({
    RoundName: mtgoRoundName(r.number, p.stages.get(r.number)),
    Matches: r.matches.map((m) => {
      const [a, b] = m.teams;
      if (!b) return { Player1: teamName(a.teamId), Player2: "BYE", Result: "2-0-0" };
      return { Player1: teamName(a.teamId), Player2: teamName(b.teamId), Result: `${m.games1}-${m.games2}-0` };
    }),
  }));
  // Rank = the final place (distinct, ties broken by the Swiss order); a disqualified team keeps its Swiss rank, listed last.
  const place = (teamId: string) => p.byTeam.get(teamId)?.place ?? null;
  const ordered = [...view.standings].sort((a, b) => (place(a.teamId) ?? 1e9 + a.rank) - (place(b.teamId) ?? 1e9 + b.rank));
  const Standings = ordered.map((s) => ({
    Rank: place(s.teamId) ?? s.rank,
    Player: teamName(s.teamId),
    Points: s.points,
    Wins: s.wins,
    Losses: s.losses,
    Draws: s.draws,
    OMWP: s.omwp,
    GWP: s.gwp,
    OGWP: s.ogwp,
  }));
  const Decks: MtgoTournament["Decks"] = [];
  if (e.decklistsPublished) {
    const order = (p.placings ?? []).filter((x) => x.place !== null);
    for (const x of order) {
      for (const l of await teamDecklists(x.teamId)) {
        if (l.status === "missing") continue;
        const section = (id: "main" | "side") =>
          (l.sections.find((s) => s.id === id)?.cards ?? []).map((c) => ({ Count: c.count, CardName: c.name }));
        Decks.push({
          Date: date,
          Player: `${teamName(x.teamId)} / ${l.duelistName}`,
          Result: `${ordinal(x.place!)} Place`,
          AnchorUri: `${uri}/teams/${x.teamId}`,
          Mainboard: section("main"),
          Sideboard: section("side"),
        });
      }
    }
  }
  return { Tournament: { Date: date, Name: e.name, Uri: uri }, Decks, Rounds, Standings };
}
