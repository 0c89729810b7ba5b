/**
 * Read model of a round's history for its staff panel (issue #5, issue #11 item 3): the manual
 * pairing edits (PairingEdit rows) and, for a round paired again after an undo, the diff against
 * the undone pairing (the latest UNDONE RoundSnapshot of that round number written before this
 * round). Reads stored rows only, never the audit log.
 */
import type { Tx } from "@/lib/db";
import type { PairingEditKind } from "@/lib/generated/prisma/client";
import { diffPairings, type PairingDiff } from "@/lib/pairing/diff";
import type { ManualPairingWarning } from "@/lib/pairing/warnings";
import { beginSnapshot, type BeginSnapshot } from "@/lib/server/write/roundState";

/** One manual edit as the page shows it (team names and tables as they were at the edit; table 0 = the bye). */
export interface PairingEditEntry {
  id: string;
  kind: PairingEditKind;
  /** SWAP: the first team; MOVE: the pairing ("A – B"); BYE: the team given the bye. */
  team: string;
  fromTable: number | null;
  toTable: number | null;
  /** SWAP only: the second team and its tables. */
  otherTeam: string | null;
  otherFromTable: number | null;
  otherToTable: number | null;
  reason: string;
  /** Structured warnings (lib/pairing/warnings); older rows may hold plain sentences. */
  warnings: (ManualPairingWarning | string)[];
  /** Display name of the organizer who made the edit (null: account gone). */
  byName: string | null;
  at: Date;
}

/** Manual edits of a round, oldest first. */
export async function pairingEdits(tx: Tx, roundId: string): Promise<PairingEditEntry[]> {
  const rows = await tx.pairingEdit.findMany({ where: { roundId }, orderBy: { createdAt: "asc" } });
  const ids = rows.map((r) => r.userId).filter((x): x is string => Boolean(x));
  const accounts = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } });
  const users = new Map(accounts.map((u) => [u.id, u.displayName]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    team: r.team,
    fromTable: r.fromTable,
    toTable: r.toTable,
    otherTeam: r.otherTeam,
    otherFromTable: r.otherFromTable,
    otherToTable: r.otherToTable,
    reason: r.reason,
    warnings: Array.isArray(r.warnings) ? (r.warnings as unknown as (ManualPairingWarning | string)[]) : [],
    byName: r.userId ? (users.get(r.userId) ?? null) : null,
    at: r.createdAt,
  }));
}

/**
 * The BEGIN snapshot of the most recent undo of this round number that happened before this round
 * was created (null: the round was never undone and paired again).
 */
export async function undonePairing(tx: Tx, round: { eventId: string; number: number; createdAt: Date }): Promise<BeginSnapshot | null> {
  const row = await tx.roundSnapshot.findFirst({
    where: { eventId: round.eventId, phase: "UNDONE", number: round.number, createdAt: { lte: round.createdAt } },
    orderBy: { createdAt: "desc" },
  });
  return (row?.data as unknown as BeginSnapshot | undefined) ?? null;
}

/** The re-pair diff of a round (lib/pairing diffPairings: undone pairing → current BEGIN), or null when it was not re-paired. */
export async function repairDiff(
  tx: Tx,
  round: { id: string; eventId: string; number: number; createdAt: Date },
): Promise<PairingDiff | null> {
  const undone = await undonePairing(tx, round);
  if (!undone) return null;
  const now = await beginSnapshot(tx, round.id);
  return now ? diffPairings(undone.pairings, now.pairings) : null;
}
