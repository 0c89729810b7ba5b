/** Inputs for the roster import actions (issue #17), aimed at the victim event. */
import type { Fixtures } from "./context";

const roster = "team name,A name,A Player ID,B name,B Player ID\nIntruders,I,,J,\n";

export const fixtures: Fixtures = {
  previewRoster: (c) => ({ eventId: c.eventId, text: roster }),
  // Would register the team for the victim event's judge (the refusal comes first: role).
  importRoster: (c) => ({ eventId: c.eventId, text: roster }),
};
