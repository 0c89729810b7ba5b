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
import { dataKey, renderedJson } from "@/lib/server/http/dataCache";
import { confirmOffer, sameReport, type TeamReport } from "@/lib/formats/reports";
import type { SeenState } from "@/lib/offline/change";
import { myTable } from "./reporting";

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

/** A stored TEAM report as the card shows it: row id, version (lib/formats/reportRefs), payload, when (epoch ms). */
export interface CardReport {
  id: string;
  version: number;
  report: TeamReport;
  at: number;
}

/**
 * A signed-in duelist's own team card (issue #15): what the report page's dynamic part shows,
 * plain JSON without message text (the page renders labels in its own language).
 * - `team`, `duelists` (decklist "LEGAL" / "ILLEGAL" = the stored legality check, null = no list);
 * - `round`: the latest published or closed round (null = none yet) with its clock log (`at` epoch
 *   ms, `seconds` of an ADD) and `minutes`;
 * - `match`: the team's match in it (null = not paired in it): `names` = team names by slot (one
 *   for a bye), `mySlot`, `opponents`, `mine` (the team's latest report, `by` = sender's display
 *   name, `byMe` = sent by this account), `theirs` (the other team's latest), `replaced` (the
 *   replaced-report note: `own` = this account replaced its own report, `teammate` = this account
 *   replaced the teammate `name`'s, `byTeammate` = the teammate `name` replaced this account's;
 *   only while not final), `offer` (lib/formats/reports confirmOffer: the report a one-tap Confirm
 *   names, only while the round is PUBLISHED and not final), `conflict` (both reported, different,
 *   not final) and `seen` (the state a report or confirm queued offline carries, lib/offline/change SeenState).
 */
export interface CardData {
  version: number;
  team: { id: string; name: string; status: string };
  duelists: { designation: string; name: string; decklist: "LEGAL" | "ILLEGAL" | null }[];
  round: {
    number: number;
    status: string;
    kind: string;
    minutes: number;
    log: { action: string; at: number; seconds: number | null }[];
  } | null;
  match: {
    id: string;
    table: number;
    version: number;
    outcome: string | null;
    winnerSlot: number | null;
    names: string[];
    mySlot: number;
    opponents: SeatData | null;
    mine: (CardReport & { by: string; byMe: boolean }) | null;
    theirs: CardReport | null;
    replaced: { note: "own" | "teammate" | "byTeammate"; name: string; report: TeamReport } | null;
    offer: CardReport | null;
    conflict: boolean;
    seen: SeenState;
  } | null;
}

/**
 * The card of `userId`'s team in the event (null when the user is no duelist of it), as of
 * `version`. Reads the team's own seat through lib/server/read/reporting myTable (never the
 * whole round: at a publish every duelist phone of a 750-team event fetches its card), so the
 * rules are lib/formats/reports' (confirmOffer, sameReport). Errors: none beyond the database's.
 */
export async function cardData(eventId: string, userId: string, version: number): Promise<CardData | null> {
  const me = await db().duelist.findFirst({
    where: { eventId, userId },
    select: {
      event: { select: { formatPreset: true } },
      team: {
        select: {
          id: true,
          name: true,
          status: true,
          duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true, decklist: { select: { isLegal: true } } } },
        },
      },
    },
  });
  if (!me) return null;
  const { team } = me;
  const bestOf = getPreset(me.event.formatPreset).bestOf;
  const t = await myTable(eventId, team.id, bestOf);
  const base = {
    version,
    team: { id: team.id, name: team.name, status: team.status as string },
    duelists: team.duelists.map((d) => ({
      designation: d.designation as string,
      name: d.name,
      decklist: d.decklist ? (d.decklist.isLegal ? ("LEGAL" as const) : ("ILLEGAL" as const)) : null,
    })),
    round: t
      ? {
          number: t.round.number,
          status: t.round.status as string,
          kind: t.round.kind as string,
          minutes: t.round.minutes,
          log: t.round.log,
        }
      : null,
  };
  if (!t?.match) return { ...base, match: null };
  const m = t.match;
  const mySlot = t.mySlot as 1 | 2;
  const final = Boolean(m.outcome);
  const own = mySlot === 1 ? t.latest.slot1 : t.latest.slot2;
  const other = mySlot === 1 ? t.latest.slot2 : t.latest.slot1;
  const ref = (x: { id: string; version: number; report: TeamReport }, at: number): CardReport => ({
    id: x.id,
    version: x.version,
    report: x.report,
    at,
  });
  const opp = m.teams.find((s) => s.teamId !== team.id);
  // The replaced-report note, from this account's side (who replaced whose report).
  const rep = t.replaced;
  const note: "own" | "teammate" | "byTeammate" | null =
    !rep || final
      ? null
      : rep.replacedByUserId === userId
        ? rep.byUserId === userId
          ? "own"
          : "teammate"
        : rep.byUserId === userId
          ? "byTeammate"
          : null;
  // One-tap confirm (issue #14): the other team's latest report, unless this team already agrees with it.
  const offer = t.round.status === "PUBLISHED" ? confirmOffer({ final, bestOf, viewerSlot: mySlot, latest: t.latest }) : null;
  return {
    ...base,
    match: {
      id: m.id,
      table: m.table,
      version: m.version,
      outcome: m.outcome,
      winnerSlot: m.winnerSlot,
      names: m.teams.map((s) => s.team.name),
      mySlot,
      opponents: opp
        ? {
            slot: opp.slot,
            teamId: opp.teamId,
            name: opp.team.name,
            duelists: opp.team.duelists.map((d) => ({ designation: d.designation as string, name: d.name })),
          }
        : null,
      mine: t.mine && own ? { ...ref(own, t.mine.at), by: t.mineBy ?? "?", byMe: t.mine.userId === userId } : null,
      theirs: t.theirs && other ? ref(other, t.theirs.at) : null,
      replaced:
        rep && note ? { note, name: note === "own" ? "" : note === "teammate" ? rep.by : rep.replacedBy, report: rep.report } : null,
      offer: offer ? ref(offer, t.theirs?.at ?? 0) : null,
      conflict: !final && t.mine !== null && t.theirs !== null && !sameReport(t.mine.report, t.theirs.report, bestOf),
      seen: {
        matchVersion: m.version,
        theirs: other ? { id: other.id, version: other.version } : null,
        round: t.round.number,
        table: m.table,
      },
    },
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
