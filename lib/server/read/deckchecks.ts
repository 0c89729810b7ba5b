/**
 * Read model for the judge's deck-check page (issue #4): a round's suggestions (lib/pairing
 * `suggestDeckChecks`, seeded by the round id, teams checked in earlier rounds last) and the
 * checks recorded so far. Staff only — the caller checks the role.
 */
import { suggestDeckChecks } from "@/lib/pairing";
import { db } from "@/lib/db";

export interface DeckCheckRow {
  id: string;
  roundNumber: number;
  teamId: string;
  teamName: string;
  outcome: "OK" | "PROBLEM";
  notes: string | null;
  judgeName: string | null;
  createdAt: Date;
}

export interface RoundDeckChecks {
  round: { id: string; number: number; status: string };
  /** Suggested teams in order; `checked` = already has a check this round. */
  suggestions: { teamId: string; teamName: string; tableNumber: number | null; checkedBefore: boolean; checked: boolean }[];
  /** Teams playing this round (for recording a check of any team). */
  playing: { teamId: string; teamName: string }[];
  /** Checks of this round. */
  thisRound: DeckCheckRow[];
  /** Every check of the event, newest round first. */
  all: DeckCheckRow[];
}

/**
 * Suggestions and checks for round `roundNumber` of the event (null if no such round). Candidates
 * are the round's seated teams except byes; "checked before" = checked in an earlier round.
 */
export async function roundDeckChecks(eventId: string, roundNumber: number): Promise<RoundDeckChecks | null> {
  const tx = db();
  const round = await tx.round.findUnique({
    where: { eventId_number: { eventId, number: roundNumber } },
    include: { matches: { include: { teams: { include: { team: { select: { id: true, name: true, status: true } } } } } } },
  });
  if (!round) return null;
  const checks = await tx.deckCheck.findMany({
    where: { eventId },
    include: { round: { select: { number: true } }, team: { select: { name: true } } },
    orderBy: [{ createdAt: "desc" }],
  });
  const judges = new Map(
    (
      await tx.user.findMany({
        where: { id: { in: [...new Set(checks.map((c) => c.judgeId).filter((x): x is string => Boolean(x)))] } },
        select: { id: true, displayName: true },
      })
    ).map((u) => [u.id, u.displayName]),
  );
  const rows: DeckCheckRow[] = checks
    .map((c) => ({
      id: c.id,
      roundNumber: c.round.number,
      teamId: c.teamId,
      teamName: c.team.name,
      outcome: (c.outcome === "PROBLEM" ? "PROBLEM" : "OK") as DeckCheckRow["outcome"],
      notes: c.notes,
      judgeName: c.judgeId ? (judges.get(c.judgeId) ?? null) : null,
      createdAt: c.createdAt,
    }))
    .sort((a, b) => b.roundNumber - a.roundNumber || b.createdAt.getTime() - a.createdAt.getTime());
  const seated = round.matches
    .filter((m) => m.teams.length === 2)
    .flatMap((m) => m.teams.map((t) => ({ teamId: t.teamId, teamName: t.team.name, table: m.table })));
  const before = new Set(rows.filter((r) => r.roundNumber < round.number).map((r) => r.teamId));
  const now = new Set(rows.filter((r) => r.roundNumber === round.number).map((r) => r.teamId));
  const byId = new Map(seated.map((s) => [s.teamId, s]));
  const ids = suggestDeckChecks(
    seated.map((s) => ({ id: s.teamId, checkedBefore: before.has(s.teamId) })),
    round.id,
  );
  return {
    round: { id: round.id, number: round.number, status: round.status },
    suggestions: ids.map((id) => ({
      teamId: id,
      teamName: byId.get(id)!.teamName,
      tableNumber: byId.get(id)!.table,
      checkedBefore: before.has(id),
      checked: now.has(id),
    })),
    playing: [...seated].sort((a, b) => a.teamName.localeCompare(b.teamName)).map((s) => ({ teamId: s.teamId, teamName: s.teamName })),
    thisRound: rows.filter((r) => r.roundNumber === round.number),
    all: rows,
  };
}
