/** Inputs for the floor actions (issue #14), aimed at the victim team's match. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  // Would succeed for the victim event's judge once team 0 has reported (the refusal comes first: role).
  acceptTeamReport: (c) => ({ matchId: c.matchId, reportId: "report-of-team-0", reportVersion: 1, slot: 1 }),
};
