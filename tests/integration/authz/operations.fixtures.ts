/** Inputs for the operations actions (issue #5), aimed at the victim event. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  setCheckIn: (c) => ({ eventId: c.eventId, open: false }),
  checkInTeam: (c) => ({ teamId: c.teams[0], checkedIn: false }),
  setEntryPolicy: (c) => ({ teamId: c.teams[0], policy: "byes" }),
  setByeRounds: (c) => ({ teamId: c.teams[0], rounds: 2 }),
  reenterTeam: (c) => ({ teamId: c.teams[0] }),
  setFixedTable: (c) => ({ teamId: c.teams[0], table: 7 }),
  addAvoidPair: (c) => ({ eventId: c.eventId, teamAId: c.teams[0], teamBId: c.teams[1], reason: "siblings" }),
  removeAvoidPair: (c) => ({ avoidPairId: c.avoidPairId }),
  undoRound: (c) => ({ roundId: c.roundId }),
  swapTeams: (c) => ({ roundId: c.roundId, teamAId: c.teams[0], teamBId: c.teams[2], reason: "wheelchair access" }),
  moveMatch: (c) => ({ roundId: c.roundId, matchId: c.matchId, table: 9, reason: "feature table" }),
  manualBye: (c) => ({ roundId: c.roundId, teamId: c.teams[0], reason: "late opponent" }),
  setStructure: (c) => ({ eventId: c.eventId, swissRounds: 5, topCut: 8 }),
  pairTopCutRound: (c) => ({ eventId: c.eventId }),
};
