/** Inputs for the issue #17 archive actions: export the victim event; import a small valid archive (organizers only). */
import type { Fixtures } from "./context";

const ARCHIVE = JSON.stringify({
  format: "tandem.event-archive",
  version: 1,
  event: {
    id: "e1",
    name: "Imported by an attacker",
    formatPreset: "KONAMI_TAG_2019",
    settings: {},
    timeZone: "UTC",
    roundMinutes: 50,
    banlist: null,
    decklistDeadline: null,
    decklistsPublished: false,
    status: "REGISTRATION",
    checkInOpen: false,
    swissRounds: null,
    topCut: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    startsOn: null,
    location: null,
    hidden: false,
  },
  ...Object.fromEntries(
    [
      "banlists",
      "cards",
      "teams",
      "duelists",
      "decklists",
      "localInfractions",
      "avoidPairs",
      "rounds",
      "matches",
      "seats",
      "results",
      "reports",
      "timer",
      "snapshots",
      "pairingEdits",
      "penalties",
      "deckChecks",
      "audit",
    ].map((k) => [k, []]),
  ),
});

export const fixtures: Fixtures = {
  exportEventArchive: (c) => ({ eventId: c.eventId }),
  importEventArchive: () => ({ text: ARCHIVE, fileName: "event.tandem.json" }),
};
