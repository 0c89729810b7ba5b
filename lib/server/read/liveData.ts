/**
 * The versioned JSON that live phones refetch after a change notice (issue #15 contract:
 * app/api/events/[id]/data/[kind]/route.ts renders each once per event version and serves it from
 * memory). Plain JSON values, no message text (the page renders labels in its own language).
 * Every body carries `version` (Event.version it was read at).
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { standingsColumnCells } from "@/lib/standings";
import { roundView, type RoundView } from "./pairings";
import { standingsView } from "./standings";
import { cardVersionBar, eventVersion } from "@/lib/server/http/cache";
import {
  type DataEntry,
  cardKey,
  dataKey,
  peekData,
  rememberUserTeam,
  renderedJson,
  renderMany,
  storeEntry,
  storedCardTeams,
  userTeamOf,
} from "@/lib/server/http/dataCache";
import { cardForViewer, type CardData, type SeatData, type TeamCardData } from "@/lib/live/card";
import { teamCards, userTeam } from "./liveCards";
import { eventPlacings, roundStage } from "./placings";
import { matchExtensions } from "./wizard";

export type { SeatData, CardData, CardReport, TeamCardData } from "@/lib/live/card";

/** A timer row of the round clock (lib/timer Activation): `at` in ms since the epoch, `seconds` for ADD/SET rows. */
export interface ActivationData {
  action: string;
  at: number;
  seconds: number | null;
}

/**
 * A round's pairings: table (≤ 0 = bye), outcome (null = running) and winner slot; `games1`/`games2`
 * the game score (best of three); `extensions` the match's own ADD rows (issue #6, only while the
 * round is published and the match has some). `round.stage`: the stage name (lib/pairing/stages
 * roundStageName: message key under "floor." and its params, issue #14) the page shows as heading.
 */
export interface PairingsData {
  version: number;
  round: {
    number: number;
    status: string;
    kind: string;
    minutes: number;
    log: ActivationData[];
    stage?: { key: string; params: Record<string, number> } | null;
  } | null;
  matches: {
    id: string;
    table: number;
    outcome: string | null;
    winnerSlot: number | null;
    seats: SeatData[];
    games1?: number;
    games2?: number;
    extensions?: ActivationData[];
  }[];
}

/**
 * The pairings of round `round` (omitted: the latest published or closed round) as of `version`;
 * an unpublished round reads as no round (`round: null`).
 */
export async function pairingsData(eventId: string, version: number, round?: number): Promise<PairingsData> {
  const r = await roundView(eventId, { number: round, publishedOnly: true });
  return pairingsDataOf(eventId, r, version);
}

/**
 * PairingsData of an already read round (`r` from roundView; null = no round): adds the stage name
 * and, for a published round, the per-match extensions. The pairings page builds its first paint
 * with it from its own read (it also needs player IDs for "find my table", which stay on the server).
 */
export async function pairingsDataOf(eventId: string, r: RoundView | null, version: number): Promise<PairingsData> {
  if (!r) return { version, round: null, matches: [] };
  const [ext, stage] = await Promise.all([
    r.status === "PUBLISHED" ? matchExtensions(r.id) : ({} as Awaited<ReturnType<typeof matchExtensions>>),
    roundStage(eventId, r.number),
  ]);
  return {
    version,
    round: {
      number: r.number,
      status: r.status,
      kind: r.kind,
      minutes: r.minutes,
      log: r.log,
      stage: stage ? { key: stage.key, params: stage.params } : null,
    },
    matches: r.matches.map((m) => ({
      id: m.id,
      table: m.table,
      outcome: m.outcome,
      winnerSlot: m.winnerSlot,
      games1: m.games1,
      games2: m.games2,
      ...(ext[m.id] ? { extensions: ext[m.id] } : {}),
      seats: m.teams.map((s) => ({
        slot: s.slot,
        teamId: s.teamId,
        name: s.team.name,
        duelists: s.team.duelists.map((d) => ({ designation: d.designation, name: d.name })),
      })),
    })),
  };
}

/**
 * The standings: official (closed rounds only, PS05/PS06) or, with `provisional`, including the open
 * round's results. Rank, team, record, and the preset's tiebreaker cells as shown on the page
 * (`cells[].text` without "%"). Once the event is finished (`final`, official view only) rows are in
 * final-placing order (lib/standings finalPlacings) and carry `placing`. Also per row: the duelists'
 * names (A, B), the game record, a late entry's round and policy (issue #9).
 */
export interface StandingsData {
  version: number;
  throughRound: number;
  provisional?: boolean;
  final?: boolean;
  rows: {
    rank: number;
    tied: boolean;
    teamId: string;
    name: string;
    points: number;
    wins: number;
    losses: number;
    draws: number;
    byes: number;
    dropped: boolean;
    disqualified: boolean;
    cells: { key: string; text: string }[];
    duelists?: string[];
    gamesWon?: number;
    gamesLost?: number;
    entryRound?: number | null;
    entryPolicy?: string | null;
    placing?: { place: number | null; band: { from: number; to: number } | null; stage: string } | null;
  }[];
}

/**
 * Reads the standings of an event as of `version` (lib/server/read/standings standingsView; placings
 * once finished, in placing order unless `swissOrder`: the read API keeps the Swiss order).
 */
export async function standingsData(
  eventId: string,
  version: number,
  opts: { provisional?: boolean; swissOrder?: boolean } = {},
): Promise<StandingsData> {
  const provisional = opts.provisional === true;
  const ev = await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } });
  const preset = getPreset(ev.formatPreset);
  const { standings: swiss, throughRound, teams, disqualified } = await standingsView(eventId, { provisional });
  // The official standings just read are the placings' Swiss part (computed once).
  const placed = await eventPlacings(eventId, undefined, provisional ? {} : { standings: swiss });
  const final = !provisional && placed.status === "FINISHED" && placed.placings !== null;
  const byTeam = new Map(swiss.map((s) => [s.teamId, s]));
  const standings = final && !opts.swissOrder ? placed.placings!.map((p) => byTeam.get(p.teamId)).filter((s) => s !== undefined) : swiss;
  return {
    version,
    throughRound,
    provisional,
    final,
    rows: standings.map((s) => {
      const team = teams.get(s.teamId);
      const p = final ? placed.byTeam.get(s.teamId) : undefined;
      return {
        rank: s.rank,
        tied: s.tiedWithPrevious,
        teamId: s.teamId,
        name: team?.name ?? "?",
        points: s.points,
        wins: s.wins,
        losses: s.losses,
        draws: s.draws,
        byes: s.byes,
        dropped: s.dropped,
        disqualified: disqualified.has(s.teamId),
        cells: standingsColumnCells(preset.standingsColumns, s, "page").map((c) => ({ key: c.key, text: c.text })),
        duelists: team?.duelists.map((d) => d.name) ?? [],
        gamesWon: s.gamesWon,
        gamesLost: s.gamesLost,
        entryRound: team?.entryRound ?? null,
        entryPolicy: team?.entryPolicy ?? null,
        placing: p ? { place: p.place, band: p.band, stage: p.stage } : null,
      };
    }),
  };
}

/**
 * The stored card of `userId`'s team in the event (null when the account is no duelist of it): the
 * held one while current (lib/server/http/cache.ts cardVersionBar: no change named the team or every
 * card since), else read as of `version` and stored for the team, so both duelists' refetches are
 * answered from memory (the card route, lib/server/live/cardFast.ts); the account's team is remembered.
 */
export async function teamCardEntry(eventId: string, userId: string, version: number): Promise<DataEntry | null> {
  const teamId = userTeamOf(eventId, userId) ?? (await userTeam(eventId, userId));
  if (!teamId) return null;
  rememberUserTeam(eventId, userId, teamId);
  return renderedJson(
    cardKey(eventId, teamId),
    version,
    async () => (await teamCards(eventId, [teamId], version)).get(teamId) ?? null,
    cardVersionBar(eventId, teamId) ?? version,
  );
}

/** {@link teamCardEntry}'s card as data (the report page's first paint). */
export async function teamCardData(eventId: string, userId: string, version: number): Promise<TeamCardData | null> {
  const r = await teamCardEntry(eventId, userId, version);
  return r ? (JSON.parse(new TextDecoder().decode(r.body)) as TeamCardData) : null;
}

/**
 * `userId`'s view of their team's card in the event (null when the account is no duelist of it), as
 * of `version` (lib/server/read/liveCards.ts teamCards for the team, lib/live/card cardForViewer).
 */
export async function cardData(eventId: string, userId: string, version: number): Promise<CardData | null> {
  const teamId = await userTeam(eventId, userId);
  if (!teamId) return null;
  const card = (await teamCards(eventId, [teamId], version)).get(teamId);
  return card ? cardForViewer(card, userId) : null;
}

/**
 * Renders the live JSON a change frame is about to announce, before the phones hear of it
 * (lib/server/live/hub.ts setPrewarm, issue #15): the pairings of round N for `pairings:N` (always,
 * and the current round's), and, for `results:N`, `standings` or `*`, the bodies this process already
 * holds for the current round, round N and the standings (bodies nobody asked for stay unrendered);
 * and the team cards it holds: those of the teams a frame names before it goes, all of them (one read)
 * just after a frame that changes every card.
 * The version is read from the database first, so the stored body is never older than the version it
 * is stored under. With frames batched to one per second per event (FRAME_BATCH_MS), this is at most
 * one re-render per body per second however many results come in.
 */
export async function prewarmLiveData(n: { eventId: string; topics: readonly string[] }): Promise<void> {
  const version = await eventVersion(n.eventId);
  if (version === null) return;
  const all = n.topics.includes("*");
  const rounds = new Set<number | undefined>();
  let standings = all || n.topics.includes("standings");
  for (const t of n.topics) {
    const p = /^pairings:(\d+)$/.exec(t);
    if (p) rounds.add(undefined).add(Number(p[1]));
    const r = /^results:(\d+)$/.exec(t);
    if (r) {
      const round = Number(r[1]);
      if (peekData(dataKey(n.eventId, "pairings", round))) rounds.add(round);
      if (peekData(dataKey(n.eventId, "pairings"))) rounds.add(undefined);
    }
  }
  if (all) {
    if (peekData(dataKey(n.eventId, "pairings"))) rounds.add(undefined);
  }
  standings &&= Boolean(peekData(dataKey(n.eventId, "standings")));
  // Cards held here: a frame naming teams waits for theirs (one read for all); a change of
  // everything (pairings, `event`, `*`) re-renders every held card after the frame went.
  const held = storedCardTeams(n.eventId);
  const everyCard = n.topics.some((t) => t === "*" || t === "event" || t.startsWith("pairings:"));
  const named = new Set(n.topics.filter((t) => t.startsWith("team:")).map((t) => t.slice("team:".length)));
  // One read for all of them; meanwhile each card's request waits for it (dataCache renderMany).
  const cards = (ids: string[]) =>
    renderMany(
      ids.map((id) => cardKey(n.eventId, id)),
      version,
      async () => new Map([...(await teamCards(n.eventId, ids, version))].map(([id, card]) => [cardKey(n.eventId, id), card])),
    );
  // The current round is read once: a round asked for by number that is the current one gets the same body.
  const pairings = async () => {
    let current: number | null = null;
    if (rounds.has(undefined)) {
      const e = await renderedJson(dataKey(n.eventId, "pairings"), version, () => pairingsData(n.eventId, version));
      if (e) current = (JSON.parse(new TextDecoder().decode(e.body)) as PairingsData).round?.number ?? null;
      if (e && current !== null && rounds.has(current) && (peekData(dataKey(n.eventId, "pairings", current))?.version ?? -1) < e.version)
        storeEntry(dataKey(n.eventId, "pairings", current), e);
    }
    await Promise.all(
      [...rounds]
        .filter((round): round is number => round !== undefined && round !== current)
        .map((round) => renderedJson(dataKey(n.eventId, "pairings", round), version, () => pairingsData(n.eventId, version, round))),
    );
  };
  await Promise.all([
    ...(!everyCard && named.size ? [cards(held.filter((id) => named.has(id)))] : []),
    pairings(),
    ...(standings ? [renderedJson(dataKey(n.eventId, "standings"), version, () => standingsData(n.eventId, version))] : []),
  ]);
  if (everyCard && held.length) void cards(held).catch(() => undefined);
}
