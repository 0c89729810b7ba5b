/** Inputs for the deck-check actions (lib/server/actions/deckops.ts), aimed at the victim event. */
import type { Fixtures } from "./context";

export const fixtures: Fixtures = {
  recordDeckCheck: (c) => ({ roundId: c.roundId, teamId: c.teams[0], outcome: "OK" }),
  // Succeeds for a judge of the victim event even with no check recorded (idempotent remove).
  removeDeckCheck: (c) => ({ roundId: c.roundId, teamId: c.teams[0] }),
};
