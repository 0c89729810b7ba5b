/**
 * Names inside a transaction (issue #12 "Names"): the team-name clash check. The zod name fields
 * applying lib/teams' rules to every name (team, duelist, event, display name, F&L list name:
 * NAME_CHARS, NAME_INVISIBLE, stored normalized) are lib/fields `nameText`, re-exported here.
 */
import type { Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { sameTeamName } from "@/lib/teams";

// The name and free-text fields live in lib/fields (shared with the file imports, issue #17).
export { nameText, plainText } from "@/lib/fields";

/**
 * Refuses a team name another team of the event already has (issue #12 "Names": case-insensitive
 * after Unicode normalization, lib/teams sameTeamName), read in the caller's transaction;
 * `exceptTeamId` is the team being renamed. @throws ActionError TEAM_NAME_TAKEN (field `name`)
 */
export async function assertTeamNameFree(tx: Tx, eventId: string, name: string, exceptTeamId?: string): Promise<void> {
  const others = await tx.team.findMany({
    where: { eventId, ...(exceptTeamId ? { id: { not: exceptTeamId } } : {}) },
    select: { name: true },
  });
  const clash = sameTeamName(name, others);
  if (clash)
    throw new ActionError("TEAM_NAME_TAKEN", `A team named "${clash.name}" is already registered.`, "name", {
      what: "named",
      name: clash.name,
    });
}
