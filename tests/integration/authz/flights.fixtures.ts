/** Inputs for the flight series actions (issue #16), aimed at the victim event and its team 0. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  setFlightSeries: (c) => ({ eventId: c.eventId, flightSize: 8 }),
  checkInToSeries: (c) => ({ eventId: c.eventId, teamId: c.teams[0] }),
  leaveSeriesQueue: (c) => ({ eventId: c.eventId, teamId: c.teams[0] }),
  holdSeriesQueue: (c) => ({ eventId: c.eventId, held: true }),
};
