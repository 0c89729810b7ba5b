/** Inputs for the live-round actions (extensions, end-of-match wizard), aimed at the victim's round-1 match. */
import type { Fixtures } from "./context";

const inProgress = { firstSlot: 1, turn: 7, phase: "BATTLE", lp: { slot1: 6300, slot2: 5100 } };

export const fixtures: Fixtures = {
  extendMatch: (c) => ({ matchId: c.matchId, seconds: 180, reason: "DECK_CHECK" }),
  eompBegin: (c) => ({ matchId: c.matchId, expectedVersion: 0, game: inProgress }),
  eompStep: (c) => ({ matchId: c.matchId, expectedVersion: 0, event: { type: "PHASE_FINISHED" } }),
  eompCancel: (c) => ({ matchId: c.matchId, expectedVersion: 0 }),
};
