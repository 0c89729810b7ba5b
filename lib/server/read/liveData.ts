/**
 * The versioned JSON that live phones refetch after a change notice (issue #15 contract:
 * app/api/events/[id]/data/[kind]/route.ts renders each once per event version and serves it from
 * memory). Plain JSON values, no message text (the page renders labels in its own language).
 * Every body carries `version` (Event.version it was read at).
 */
import { db } from "@/lib/db";
import { getPreset } from "@/lib/formats/presets";
import { standingsColumnCells } from "@/lib/standings";
import { roundView } from "./pairings";
import { standingsView } from "./standings";
import { eventVersion } from "@/lib/server/http/cache";
import { dataKey, peekData, renderedJson } from "@/lib/server/http/dataCache";

/** One seat of a pairing: slot 1/2, team id and name, duelists A/B. */
export interface SeatData {
  slot: number;
  teamId: string;
  name: string;
  duelists: { designation: string; name: string }[];
}

/** A round's pairings: table (≤ 0 = bye), outcome (null = running) and winner slot. */
export interface PairingsData {
  version: number;
  round: {
    number: number;
    status: string;
    kind: string;
    minutes: number;
    log: { action: string; at: number; seconds: number | null }[];
  } | null;
  matches: { id: string; table: number; outcome: string | null; winnerSlot: number | null; seats: SeatData[] }[];
}

/**
 * The pairings of round `round` (omitted: the latest published or closed round) as of `version`;
 * an unpublished round reads as no round (`round: null`).
 */
export async function pairingsData(eventId: string, version: number, round?: number): Promise<PairingsData> {
  const r = await roundView(eventId, { number: round, publishedOnly: true });
  if (!r) return { version, round: null, matches: [] };
  return {
    version,
    round: { number: r.number, status: r.status, kind: r.kind, minutes: r.minutes, log: r.log },
    matches: r.matches.map((m) => ({
      id: m.id,
      table: m.table,
      outcome: m.outcome,
      winnerSlot: m.winnerSlot,
      seats: m.teams.map((s) => ({
        slot: s.slot,
        teamId: s.teamId,
        name: s.team.name,
        duelists: s.team.duelists.map((d) => ({ designation: d.designation, name: d.name })),
      })),
    })),
  };
}

/** The official standings (closed rounds only): rank, team, record, and the preset's tiebreaker cells as shown on the page. */
export interface StandingsData {
  version: number;
  throughRound: number;
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
  }[];
}

/** Reads the official standings of an event as of `version` (lib/server/read/standings standingsView). */
export async function standingsData(eventId: string, version: number): Promise<StandingsData> {
  const ev = await db().event.findUniqueOrThrow({ where: { id: eventId }, select: { formatPreset: true } });
  const preset = getPreset(ev.formatPreset);
  const { standings, throughRound, teams, disqualified } = await standingsView(eventId);
  return {
    version,
    throughRound,
    rows: standings.map((s) => ({
      rank: s.rank,
      tied: s.tiedWithPrevious,
      teamId: s.teamId,
      name: teams.get(s.teamId)?.name ?? "?",
      points: s.points,
      wins: s.wins,
      losses: s.losses,
      draws: s.draws,
      byes: s.byes,
      dropped: s.dropped,
      disqualified: disqualified.has(s.teamId),
      cells: standingsColumnCells(preset.standingsColumns, s, "page").map((c) => ({ key: c.key, text: c.text })),
    })),
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
 * Renders the live JSON a change frame is about to announce, before the phones hear of it
 * (lib/server/live/hub.ts setPrewarm, issue #15): the pairings of round N for `pairings:N` (always,
 * and the current round's), and, for `results:N`, `standings` or `*`, the bodies this process already
 * holds for the current round, round N and the standings (bodies nobody asked for stay unrendered).
 * The version is read from the database first, so the stored body is never older than the version it
 * is stored under. With frames batched to one per second per event (FRAME_BATCH_MS), this is at most
 * one re-render per body per second however many results come in.
 */
export async function prewarmPairings(n: { eventId: string; topics: readonly string[] }): Promise<void> {
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
  await Promise.all([
    ...[...rounds].map((round) =>
      renderedJson(dataKey(n.eventId, "pairings", round), version, () => pairingsData(n.eventId, version, round)),
    ),
    ...(standings ? [renderedJson(dataKey(n.eventId, "standings"), version, () => standingsData(n.eventId, version))] : []),
  ]);
}
