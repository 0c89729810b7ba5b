/**
 * The team card of the live JSON (issue #15; read in lib/server/read/liveCards.ts, served by
 * `GET /api/events/:id/data/card`, rendered by app/events/[id]/report/ReportCard.tsx): one body per
 * team, the same for both duelists' phones, and {@link cardForViewer}, the one duelist's view of it
 * (whose report is "mine", the replaced-report note from that account's side). Pure: no I/O.
 */
import type { TeamReport } from "@/lib/formats/reports";
import type { SeenState } from "@/lib/offline/change";

/** One seat of a pairing: slot 1/2, team id and name, duelists A/B. */
export interface SeatData {
  slot: number;
  teamId: string;
  name: string;
  duelists: { designation: string; name: string }[];
}

/** A stored TEAM report as the card shows it: row id, version (lib/formats/reportRefs), payload, when (epoch ms). */
export interface CardReport {
  id: string;
  version: number;
  report: TeamReport;
  at: number;
}

/** The round of a card: the latest published or closed round, its clock log (`at` epoch ms, `seconds` of an ADD) and `minutes`. */
export interface CardRound {
  number: number;
  status: string;
  kind: string;
  minutes: number;
  log: { action: string; at: number; seconds: number | null }[];
}

/** What both views share of a card's match. */
interface CardMatchBase {
  id: string;
  table: number;
  version: number;
  outcome: string | null;
  winnerSlot: number | null;
  /** Team names by slot (one for a bye). */
  names: string[];
  mySlot: number;
  opponents: SeatData | null;
  /** The other team's latest report. */
  theirs: CardReport | null;
  /** lib/formats/reports confirmOffer: the report a one-tap Confirm names (round PUBLISHED, not final). */
  offer: CardReport | null;
  /** Both reported, different, not final. */
  conflict: boolean;
  /** The state a report or confirm queued offline carries (lib/offline/change SeenState). */
  seen: SeenState;
}

/**
 * A team's card as served (the same for both duelists): `team`, `duelists` (decklist "LEGAL" /
 * "ILLEGAL" = the stored legality check, null = no list), `round` (null = none yet), `match` (null =
 * not paired in it) with `mine` (the team's latest report, `by` / `byUserId` = its sender) and
 * `replaced` (while not final: the team's earlier, different report the latest one replaced, who had
 * sent it and who replaced it).
 */
export interface TeamCardData {
  version: number;
  team: { id: string; name: string; status: string };
  duelists: { designation: string; name: string; decklist: "LEGAL" | "ILLEGAL" | null }[];
  round: CardRound | null;
  match:
    | (CardMatchBase & {
        mine: (CardReport & { by: string; byUserId: string }) | null;
        replaced: { report: TeamReport; byUserId: string; by: string; replacedByUserId: string; replacedBy: string } | null;
      })
    | null;
}

/**
 * One duelist's view of the card: `mine.byMe` = sent by this account; `replaced` = the note from this
 * account's side (`own` = it replaced its own report, `teammate` = it replaced the teammate `name`'s,
 * `byTeammate` = the teammate `name` replaced its report; null when neither sent nor replaced).
 */
export interface CardData extends Omit<TeamCardData, "match"> {
  match:
    | (CardMatchBase & {
        mine: (CardReport & { by: string; byMe: boolean }) | null;
        replaced: { note: "own" | "teammate" | "byTeammate"; name: string; report: TeamReport } | null;
      })
    | null;
}

/** The view of `card` for the account `userId` (see {@link CardData}). */
export function cardForViewer(card: TeamCardData, userId: string): CardData {
  const m = card.match;
  if (!m) return { ...card, match: null };
  const { mine, replaced: rep, ...rest } = m;
  const note: "own" | "teammate" | "byTeammate" | null = !rep
    ? null
    : rep.replacedByUserId === userId
      ? rep.byUserId === userId
        ? "own"
        : "teammate"
      : rep.byUserId === userId
        ? "byTeammate"
        : null;
  return {
    ...card,
    match: {
      ...rest,
      mine: mine
        ? { id: mine.id, version: mine.version, report: mine.report, at: mine.at, by: mine.by, byMe: mine.byUserId === userId }
        : null,
      replaced:
        rep && note ? { note, name: note === "own" ? "" : note === "teammate" ? rep.by : rep.replacedBy, report: rep.report } : null,
    },
  };
}
