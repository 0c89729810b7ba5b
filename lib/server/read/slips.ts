/**
 * Read models of the match slips (issue #14): the printed slips of a round with their QR links,
 * and the match page a slip's QR opens (`/events/:id/matches/:matchId`), which decides from the
 * signed-in person who may see what. The QR carries only the match's address, no secret: access
 * comes from the sign-in.
 */
import { db } from "@/lib/db";
import type { EventView } from "./events";

/** One match of a slip page or the slip's match page: table, seats (A/B per team), result, version. */
export interface SlipMatch {
  id: string;
  table: number;
  version: number;
  outcome: "WIN" | "DRAW" | "DOUBLE_LOSS" | "BYE" | null;
  winnerSlot: number | null;
  games1: number;
  games2: number;
  round: { id: string; number: number; kind: "SWISS" | "TOP_CUT"; status: "PAIRED" | "PUBLISHED" | "CLOSED" };
  teams: { slot: number; teamId: string; team: { name: string; duelists: { designation: "A" | "B"; name: string }[] } }[];
}

/**
 * Who a slip's match page is for:
 * `judge` — staff of the event: the match with its result form;
 * `duelist` — a duelist of one of the match's teams: the team's report page;
 * `otherTable` — a duelist of the event whose team is not in this match: refused, no match data;
 * `signedOut` — sign in first (the page links to sign-in and back);
 * `refused` — signed in, neither staff nor duelist of the event: no match data;
 * `notFound` — no such match in this event (also for a match id of another event).
 */
export type SlipAccess =
  | { kind: "judge"; match: SlipMatch }
  | { kind: "duelist" }
  | { kind: "otherTable" }
  | { kind: "signedOut" }
  | { kind: "refused" }
  | { kind: "notFound" };

/** The match of a slip, only when it belongs to `eventId` (null otherwise). */
export async function slipMatch(eventId: string, matchId: string): Promise<SlipMatch | null> {
  const m = await db().match.findFirst({
    where: { id: matchId, round: { eventId } },
    include: {
      round: { select: { id: true, number: true, kind: true, status: true } },
      teams: {
        orderBy: { slot: "asc" },
        include: {
          team: { select: { name: true, duelists: { select: { designation: true, name: true }, orderBy: { designation: "asc" } } } },
        },
      },
    },
  });
  if (!m) return null;
  return {
    id: m.id,
    table: m.table,
    version: m.version,
    outcome: m.outcome,
    winnerSlot: m.winnerSlot,
    games1: m.games1,
    games2: m.games2,
    round: m.round,
    teams: m.teams.map((t) => ({ slot: t.slot, teamId: t.teamId, team: t.team })),
  };
}

/**
 * The decision of the slip's match page for the viewer of `view` (lib/server/read/events
 * eventView): see {@link SlipAccess}. Staff win over a duelist record (a judge who also plays is
 * staff here). Reads the match only for staff and for a duelist's team check.
 */
export async function slipAccess(eventId: string, matchId: string, view: Pick<EventView, "role" | "me">, signedIn: boolean) {
  if (!signedIn) return { kind: "signedOut" } satisfies SlipAccess;
  if (view.role) {
    const match = await slipMatch(eventId, matchId);
    return (match ? { kind: "judge", match } : { kind: "notFound" }) satisfies SlipAccess;
  }
  if (!view.me) return { kind: "refused" } satisfies SlipAccess;
  const seat = await db().matchTeam.findFirst({ where: { matchId, teamId: view.me.teamId, match: { round: { eventId } } } });
  return (seat ? { kind: "duelist" } : { kind: "otherTable" }) satisfies SlipAccess;
}
