/** Inputs for the reporting actions (team self-reports, penalties), aimed at the victim team's match and duelists. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  // Would succeed for a duelist of the victim team (team 0) or of its opponent in round 1.
  submitTeamReport: (c) => ({ matchId: c.matchId, result: "team1", firstSlot: 1 }),
  // Would succeed for a duelist of the victim team (team 0): its opponent reported.
  confirmTeamReport: (c) => ({ matchId: c.matchId, reportId: c.opponentReport.id, reportVersion: c.opponentReport.version }),
  // Would succeed for the victim event's judge or organizer.
  issuePenalty: (c) => ({ duelistId: c.victimDuelists[0], infraction: "Slow play", penalty: "WARNING" }),
  // Would succeed for the victim event's organizer.
  addLocalInfraction: (c) => ({ eventId: c.eventId, name: "Phone at the table", defaultPenalty: "WARNING" }),
  removeLocalInfraction: (c) => ({ id: c.victimLocalInfractionId }),
};
