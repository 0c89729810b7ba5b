/**
 * Roster import write helpers (issue #17). Server-only; called inside the importing transaction.
 */
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import type { RosterSingle } from "@/lib/interop/roster";

/**
 * Single players of a roster (only duelist A given) into the partner pool of issue #16. The pool
 * (`enterPartnerPool(tx, eventId, { name, playerId })`, lib/server/write/partnerPool.ts) is built by
 * another stream: until it is wired here, a confirmed roster with single players is refused
 * (PARTNER_POOL_UNAVAILABLE) so nothing is half saved. Returns how many entered the pool.
 */
export async function saveSingles(tx: Tx, eventId: string, singles: readonly RosterSingle[]): Promise<number> {
  void tx;
  void eventId;
  if (singles.length === 0) return 0;
  throw new ActionError(
    "PARTNER_POOL_UNAVAILABLE",
    `${singles.length} single player(s) (line ${singles[0].line} first) need the partner pool, which this server does not have yet: ` +
      `give them a partner or remove those lines.`,
    "text",
    { count: singles.length, line: singles[0].line },
  );
}
