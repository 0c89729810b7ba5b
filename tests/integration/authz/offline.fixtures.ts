/** Inputs for the offline queue's sends (issue #15), aimed at the victim team's match. */
import type { Fixtures } from "./context";

const key = "0123456789abcdef0123456789abcdef";
export const fixtures: Fixtures = {
  // Would succeed for a duelist of the victim team (the opponent's report seen as it is).
  sendQueuedReport: (c) => ({
    key,
    eventId: c.eventId,
    matchId: c.matchId,
    result: "team2",
    firstSlot: 1,
    seen: { matchVersion: 0, theirs: c.opponentReport, round: 1, table: 1 },
  }),
  sendQueuedConfirm: (c) => ({
    key,
    eventId: c.eventId,
    matchId: c.matchId,
    reportId: c.opponentReport.id,
    reportVersion: c.opponentReport.version,
    seen: { matchVersion: 0, theirs: c.opponentReport, round: 1, table: 1 },
  }),
};
