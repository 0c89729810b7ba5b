/**
 * The read API's response shapes (issue #17 "Read API"), as zod schemas: the route handlers'
 * bodies are built to these types, and the OpenAPI 3.1 document (lib/api/openapi.ts) is generated
 * from them with `z.toJSONSchema`, so the document cannot drift from what is served.
 * Units: `minutes` are minutes; percentages (`omwp`, `gwp`, `ogwp` …) are ratios 0..1.
 * Public data only: no claim codes, no Player IDs (the public pages show them to staff only),
 * no unpublished decklists.
 */
import { z } from "zod";

/** The schemas named in the OpenAPI document's components (lib/api/openapi.ts). */
export const apiRegistry = z.registry<{ id: string }>();

const id = z.string().min(1);

/** One event in the public list. */
export const EventSummary = z
  .object({
    id,
    name: z.string(),
    status: z.enum(["REGISTRATION", "RUNNING", "FINISHED"]),
    formatPreset: z.string().describe("lib/formats/presets id, e.g. KONAMI_TAG_2019 or MTG_2HG"),
    game: z.enum(["YGO", "MTG"]),
    teams: z.number().int().min(0),
    version: z.number().int().min(0).describe('Event.version: grows with every change; the ETag is W/"v<version>"'),
  })
  .register(apiRegistry, { id: "EventSummary" });

export const EventList = z.object({ events: z.array(EventSummary) }).register(apiRegistry, { id: "EventList" });

/** One event with its structure. */
export const EventDetail = EventSummary.extend({
  decklistsPublished: z.boolean(),
  swissRounds: z.number().int().min(0).describe("Swiss rounds paired so far"),
  topCut: z.number().int().min(0).describe("cut size (paired, else planned); 0 = no cut"),
  champion: z.string().nullable().describe("the finished event's champion team name"),
}).register(apiRegistry, { id: "EventDetail" });

export const RoundSummary = z
  .object({
    number: z.number().int().min(1),
    kind: z.enum(["SWISS", "TOP_CUT"]),
    status: z.enum(["PUBLISHED", "CLOSED"]),
    stage: z.enum(["swiss", "roundOf", "quarterfinals", "semifinals", "final"]).nullable().describe("lib/pairing/stages StageKind"),
    minutes: z.number().int().min(0),
    matches: z.number().int().min(0),
  })
  .register(apiRegistry, { id: "RoundSummary" });

export const RoundList = z.object({ version: z.number().int(), rounds: z.array(RoundSummary) }).register(apiRegistry, { id: "RoundList" });

const Seat = z.object({
  slot: z.number().int().min(1).max(2),
  teamId: id,
  name: z.string(),
  duelists: z.array(z.object({ designation: z.enum(["A", "B"]), name: z.string() })),
});

export const Pairings = z
  .object({
    version: z.number().int(),
    round: RoundSummary,
    matches: z.array(
      z.object({
        table: z.number().int().describe("table number; 0 or less = a bye"),
        outcome: z.enum(["WIN", "DRAW", "DOUBLE_LOSS", "BYE"]).nullable().describe("null while the match runs"),
        winnerSlot: z.number().int().min(1).max(2).nullable(),
        games: z.tuple([z.number().int().min(0), z.number().int().min(0)]).describe("games won by slot 1 and slot 2"),
        seats: z.array(Seat),
      }),
    ),
  })
  .register(apiRegistry, { id: "Pairings" });

export const Standings = z
  .object({
    version: z.number().int(),
    throughRound: z.number().int().min(0).describe("the last closed Swiss round counted (official standings)"),
    rows: z.array(
      z.object({
        rank: z.number().int().min(1),
        tied: z.boolean(),
        teamId: id,
        name: z.string(),
        points: z.number().int(),
        wins: z.number().int(),
        losses: z.number().int(),
        draws: z.number().int(),
        byes: z.number().int(),
        dropped: z.boolean(),
        disqualified: z.boolean(),
        cells: z.array(z.object({ key: z.string(), text: z.string() })).describe("the preset's tiebreaker columns as the page shows them"),
      }),
    ),
    placings: z
      .array(
        z.object({
          place: z.number().int().min(1).nullable().describe("final place; null = disqualified"),
          teamId: id,
          name: z.string(),
          stage: z.string(),
          band: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
        }),
      )
      .nullable()
      .describe("final placings (RULES §7 top cut over the Swiss order); null while the rounds form no bracket"),
  })
  .register(apiRegistry, { id: "Standings" });

export const Decklists = z
  .object({
    version: z.number().int(),
    published: z.boolean(),
    teams: z.array(
      z.object({
        teamId: id,
        name: z.string(),
        duelists: z.array(
          z.object({
            designation: z.enum(["A", "B"]),
            name: z.string(),
            status: z.enum(["missing", "legal", "illegal"]),
            sections: z.array(
              z.object({
                id: z.enum(["main", "extra", "side"]),
                total: z.number().int().min(0),
                cards: z.array(
                  z.object({ key: z.string().describe("YGO passcode or MTG card name"), name: z.string(), count: z.number().int().min(1) }),
                ),
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .register(apiRegistry, { id: "Decklists" });

const MtgoCard = z.object({ Count: z.number().int().min(1), CardName: z.string() });

/** MTGODecklistCache's CacheItem (github.com/Badaro/MTGODecklistCache): Tournament, Decks, Rounds, Standings. */
export const MtgoTournament = z
  .object({
    Tournament: z.object({ Date: z.string(), Name: z.string(), Uri: z.string() }),
    Decks: z.array(
      z.object({
        Date: z.string(),
        Player: z.string(),
        Result: z.string(),
        AnchorUri: z.string(),
        Mainboard: z.array(MtgoCard),
        Sideboard: z.array(MtgoCard),
      }),
    ),
    Rounds: z.array(
      z.object({
        RoundName: z.string(),
        Matches: z.array(z.object({ Player1: z.string(), Player2: z.string(), Result: z.string() })),
      }),
    ),
    Standings: z.array(
      z.object({
        Rank: z.number().int().min(1),
        Player: z.string(),
        Points: z.number().int(),
        Wins: z.number().int(),
        Losses: z.number().int(),
        Draws: z.number().int(),
        OMWP: z.number(),
        GWP: z.number(),
        OGWP: z.number(),
      }),
    ),
  })
  .register(apiRegistry, { id: "MtgoTournament" });

export const ApiError = z.object({ error: z.string() }).register(apiRegistry, { id: "Error" });

export type EventSummary = z.infer<typeof EventSummary>;
export type EventList = z.infer<typeof EventList>;
export type EventDetail = z.infer<typeof EventDetail>;
export type RoundSummary = z.infer<typeof RoundSummary>;
export type RoundList = z.infer<typeof RoundList>;
export type Pairings = z.infer<typeof Pairings>;
export type Standings = z.infer<typeof Standings>;
export type Decklists = z.infer<typeof Decklists>;
export type MtgoTournament = z.infer<typeof MtgoTournament>;
