/**
 * Server read for the pairing warning (issue #13 item 9): the teams the next Swiss round would
 * pair (active, not disqualified, entered by that round — the same set as pairingInput, check-in
 * aside) with their decklist states, through lib/pairing/readiness.
 */
import type { Tx } from "@/lib/db";
import { pairingReadiness, type PairingReadiness } from "@/lib/pairing/readiness";
import { disqualifiedTeamIds } from "@/lib/server/write/roundState";

/** Readiness of round `number` of an event; `blockOnDecklists` = settings.requireLegalDecklists. */
export async function readinessFor(
  tx: Tx,
  event: { id: string; checkInOpen: boolean },
  number: number,
  blockOnDecklists: boolean,
): Promise<PairingReadiness & { names: Record<string, string> }> {
  const dq = await disqualifiedTeamIds(tx, event.id);
  const teams = (
    await tx.team.findMany({
      where: { eventId: event.id, status: "ACTIVE", entry: "PLACED" }, // issue #16: waitlisted/pending teams are not paired
      orderBy: { number: "asc" },
      select: {
        id: true,
        name: true,
        checkedIn: true,
        entryRound: true,
        duelists: { select: { decklist: { select: { isLegal: true } } } },
      },
    })
  ).filter((t) => !dq.has(t.id) && (t.entryRound ?? 1) <= number);
  const r = pairingReadiness(
    teams.map((t) => ({
      id: t.id,
      checkedIn: t.checkedIn,
      decklists: t.duelists.map((d) => (!d.decklist ? "missing" : d.decklist.isLegal ? "legal" : "illegal")),
    })),
    { checkInOpen: event.checkInOpen, blockOnDecklists },
  );
  return { ...r, names: Object.fromEntries(teams.map((t) => [t.id, t.name])) };
}
