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
import { eventPlacings, roundStage } from "./placings";
import { matchExtensions } from "./wizard";
import { eventVersion } from "@/lib/server/http/cache";
import { dataKey, renderedJson } from "@/lib/server/http/dataCache";

/** One seat of a pairing: slot 1/2, team id and name, duelists A/B. */
export interface SeatData {
  slot: number;
  teamId: string;
  name: string;
  duelists: { designation: string; name: string }[];
}

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

/** Reads the standings of an event as of `version` (lib/server/read/standings standingsView; placings once finished). */
export async function standingsData(eventId: string, version: number, opts: { provisional?: boolean } = {}): Promise<StandingsData> {
  const provisional = opts.provisional === true;
  const ev = await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } });
  const preset = getPreset(ev.formatPreset);
  const { standings: swiss, throughRound, teams, disqualified } = await standingsView(eventId, { provisional });
  // The official standings just read are the placings' Swiss part (computed once).
  const placed = await eventPlacings(eventId, undefined, provisional ? {} : { standings: swiss });
  const final = !provisional && placed.status === "FINISHED" && placed.placings !== null;
  const byTeam = new Map(swiss.map((s) => [s.teamId, s]));
  const standings = final ? placed.placings!.map((p) => byTeam.get(p.teamId)).filter((s) => s !== undefined) : swiss;
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

/** A signed-in duelist's own team card: the team, its match in the latest published round, the round clock, decklist status. */
export interface CardData {
  version: number;
  team: { id: string; name: string; status: string };
  duelists: { designation: string; name: string; decklist: "LEGAL" | "ILLEGAL" | null }[];
  round: { number: number; status: string; minutes: number; log: { action: string; at: number; seconds: number | null }[] } | null;
  match: {
    id: string;
    table: number;
    outcome: string | null;
    winnerSlot: number | null;
    mySlot: number;
    opponents: SeatData | null;
  } | null;
}

/**
 * The card of `userId`'s team in the event (null when the user is no duelist of it), as of `version`.
 * Decklist status: "LEGAL" / "ILLEGAL" (the stored legality check), null = no list submitted.
 */
export async function cardData(eventId: string, userId: string, version: number): Promise<CardData | null> {
  const me = await db().duelist.findFirst({ where: { eventId, userId }, select: { teamId: true } });
  if (!me) return null;
  const team = await db().team.findUniqueOrThrow({
    where: { id: me.teamId },
    include: { duelists: { orderBy: { designation: "asc" }, include: { decklist: { select: { isLegal: true, locked: true } } } } },
  });
  // Only the team's own seat (MatchTeam is unique per round and team), not the whole round: at a
  // publish every duelist phone of a 750-team event fetches its card (issue #15).
  const r = await db().round.findFirst({
    where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } },
    orderBy: { number: "desc" },
    select: { id: true, number: true, status: true, minutes: true, timer: { where: { matchId: null }, orderBy: { at: "asc" } } },
  });
  const seat = r
    ? await db().matchTeam.findUnique({
        where: { roundId_teamId: { roundId: r.id, teamId: team.id } },
        select: {
          slot: true,
          match: {
            select: {
              id: true,
              table: true,
              outcome: true,
              winnerSlot: true,
              teams: {
                where: { teamId: { not: team.id } },
                select: {
                  slot: true,
                  teamId: true,
                  team: {
                    select: { name: true, duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true } } },
                  },
                },
              },
            },
          },
        },
      })
    : null;
  const m = seat?.match;
  const mine = seat ? { slot: seat.slot } : undefined;
  const other = m?.teams[0];
  const log = r ? r.timer.map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds })) : [];
  return {
    version,
    team: { id: team.id, name: team.name, status: team.status },
    duelists: team.duelists.map((d) => ({
      designation: d.designation,
      name: d.name,
      decklist: d.decklist ? (d.decklist.isLegal ? "LEGAL" : "ILLEGAL") : null,
    })),
    round: r ? { number: r.number, status: r.status, minutes: r.minutes, log } : null,
    match:
      m && mine
        ? {
            id: m.id,
            table: m.table,
            outcome: m.outcome,
            winnerSlot: m.winnerSlot,
            mySlot: mine.slot,
            opponents: other
              ? {
                  slot: other.slot,
                  teamId: other.teamId,
                  name: other.team.name,
                  duelists: other.team.duelists.map((d) => ({ designation: d.designation, name: d.name })),
                }
              : null,
          }
        : null,
  };
}

/**
 * Renders the event's current pairings JSON (the current published round, and round N for each
 * `pairings:N` topic) into the data cache before a pairings change reaches the phones
 * (lib/server/live/hub.ts setPrewarm, issue #15). The version is read from the database first, so
 * the stored body is never older than the version it is stored under.
 */
export async function prewarmPairings(n: { eventId: string; topics: readonly string[] }): Promise<void> {
  const version = await eventVersion(n.eventId);
  if (version === null) return;
  const rounds = new Set<number | undefined>([undefined]);
  for (const t of n.topics) if (/^pairings:\d+$/.test(t)) rounds.add(Number(t.slice("pairings:".length)));
  await Promise.all(
    [...rounds].map((round) => renderedJson(dataKey(n.eventId, "pairings", round), version, () => pairingsData(n.eventId, version, round))),
  );
}
