/** Inputs for the issue #14 actions (finish / reopen the event, batch end of round), aimed at the victim event. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  finishEvent: (c) => ({ eventId: c.eventId }),
  reopenEvent: (c) => ({ eventId: c.eventId, reason: "correct the final" }),
  batchEndRound: (c) => ({ roundId: c.roundId, matchIds: [c.matchId] }),
  undoBatchEnd: (c) => ({ roundId: c.roundId }),
};
