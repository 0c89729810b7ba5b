/**
 * Roster import write helpers (issue #17). Server-only; called inside the importing transaction.
 */
import type { Tx } from "@/lib/db";
import { enterPartnerPool } from "@/lib/server/write/players";
import type { RosterSingle } from "@/lib/interop/roster";

/**
 * Single players of a roster (only duelist A given) into the partner pool of issue #16, one
 * `enterPartnerPool` row each (lib/server/write/players.ts: refused once round 1 is paired, or when
 * the player is already entered — ALREADY_ENTERED — which rolls the whole import back).
 * Returns how many entered the pool.
 */
export async function saveSingles(tx: Tx, eventId: string, singles: readonly RosterSingle[]): Promise<number> {
  for (const s of singles) await enterPartnerPool(tx, eventId, { name: s.name, playerId: s.playerId });
  return singles.length;
}
