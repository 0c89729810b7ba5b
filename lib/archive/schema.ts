/**
 * The event archive (issue #17): one versioned JSON document holding everything an event is made
 * of, so it can be backed up, moved to another database (embedded PGlite → a Postgres server) and
 * imported again. Pure: zod only (no Prisma, no clock).
 *
 * Shape rules:
 * - Ids are local to the archive: a prefix and a counter (`t1` team, `d1` duelist, `dl1` decklist,
 *   `r1` round, `m1` match, `rp1` report, `ta1` timer activation, `s1` snapshot, `pe1` pairing
 *   edit, `p1` penalty, `dc1` deck check, `li1` local infraction, `ap1` avoid pair, `b1` F&L list,
 *   `e1` the event). Lists are sorted by content (team number, round number, table, time, …), so
 *   the same event exports to the same bytes on any database; JSON values stored by the app
 *   (snapshots, audit values, report payloads) name rows by these local ids too.
 * - People are display names as text (`by`, `judge`, `submittedBy`): accounts, password hashes,
 *   sessions, claim and reset codes are never in an archive, and staff are not imported.
 * - Times are ISO 8601 UTC strings with milliseconds; `startsOn` is a calendar day (YYYY-MM-DD).
 *   There is no export time in the body (two exports of an unchanged event are equal bytes).
 * - `version` is ARCHIVE_VERSION; an importer refuses a newer one (see {@link archiveVersionProblem}).
 *   Fields and lists added after version 1 was published (registration, waitlist, partner pool,
 *   check-in, judge calls, flight size: issue #16) carry a default, so a version-1 archive written
 *   before them still reads (as "closed / none"); adding such an optional field keeps the version,
 *   changing the format of an existing field bumps it.
 */
import { z } from "zod";
import { PENALTY_KINDS } from "@/lib/formats/penalties";
import { END_REASONS, MATCH_OUTCOMES } from "@/lib/formats/results";

/** The `format` marker of every archive. */
export const ARCHIVE_FORMAT = "tandem.event-archive";
/** The schema version this code writes and reads (bump on any change of the shape below). */
export const ARCHIVE_VERSION = 1;

/** Local id prefixes by kind (see the module comment). */
export const LOCAL_ID_PREFIX = {
  event: "e",
  banlist: "b",
  team: "t",
  duelist: "d",
  decklist: "dl",
  localInfraction: "li",
  avoidPair: "ap",
  round: "r",
  match: "m",
  report: "rp",
  timer: "ta",
  snapshot: "s",
  pairingEdit: "pe",
  penalty: "p",
  deckCheck: "dc",
  poolEntry: "pp",
  judgeCall: "jc",
} as const;
export type LocalIdKind = keyof typeof LOCAL_ID_PREFIX;

const ref = (kind: LocalIdKind) =>
  z.string().regex(new RegExp(`^${LOCAL_ID_PREFIX[kind]}[1-9][0-9]*$`), `a local ${kind} id (${LOCAL_ID_PREFIX[kind]}1, …)`);
const when = z.iso.datetime();
const int = z.number().int();
const text = z.string().max(1_000_000);
const opt = <T extends z.ZodType>(t: T) => t.nullable();
/** A display name standing for an account (judge, reporter, audit actor). */
const person = z.string().max(200);
const json = z.json();
/** Added after version 1 was published: absent in older archives, read as `value`. */
const later = <T extends z.ZodType>(t: T, value: z.output<T>) => t.default(value as never);

const eventStatus = z.enum(["REGISTRATION", "RUNNING", "FINISHED"]);
const teamStatus = z.enum(["ACTIVE", "DROPPED"]);
// The stored enums' values come from the core (tests/architecture/stored-enums pins them to Prisma).
const penaltyKind = z.enum(PENALTY_KINDS);
const endReason = z.enum(END_REASONS);

export const archiveEventSchema = z.object({
  id: ref("event"),
  name: text,
  formatPreset: z.string().max(100),
  settings: json,
  timeZone: z.string().max(100),
  roundMinutes: int,
  banlist: opt(ref("banlist")),
  decklistDeadline: opt(when),
  decklistsPublished: z.boolean(),
  status: eventStatus,
  checkInOpen: z.boolean(),
  swissRounds: opt(int),
  topCut: opt(int),
  createdAt: when,
  startsOn: opt(z.iso.date()),
  location: opt(text),
  hidden: z.boolean(),
  /** Team self-registration (issue #16): window (both null = closed), cap in teams, TO approval. */
  selfRegistration: later(z.boolean(), false),
  registrationOpensAt: later(opt(when), null),
  registrationClosesAt: later(opt(when), null),
  teamCap: later(opt(int), null),
  requireApproval: later(z.boolean(), false),
  /** When check-in closed (places given to checked-in waitlisted teams), and the check-in window. */
  checkInClosedAt: later(opt(when), null),
  checkInOpensAt: later(opt(when), null),
  checkInClosesAt: later(opt(when), null),
  /** Seed of the last partner-pool draw (replayable). */
  partnerSeed: later(opt(z.string().max(200)), null),
  /** Flight series: teams per flight and the organizer's hold (lib/flights); an imported flight is standalone. */
  flightSize: later(opt(int), null),
  flightsHeld: later(z.boolean(), false),
});

export const archiveBanlistSchema = z.object({
  id: ref("banlist"),
  game: z.enum(["YGO", "MTG"]),
  name: text,
  effectiveFrom: opt(when),
  isWhitelist: z.boolean(),
  source: opt(text),
  importedAt: when,
  /** Sorted by passcode, then card name, then limit. */
  entries: z.array(z.object({ passcode: opt(int), cardName: opt(text), limit: int })),
});

/** A Yu-Gi-Oh! card row a decklist uses (lib/decks card identity), sorted by passcode. */
export const archiveCardSchema = z.object({
  passcode: int,
  alias: int,
  name: text,
  type: int,
  ot: int,
  isExtra: z.boolean(),
  isToken: z.boolean(),
});

export const archiveTeamSchema = z.object({
  id: ref("team"),
  name: text,
  number: int,
  status: teamStatus,
  checkedIn: z.boolean(),
  droppedAfter: opt(int),
  fixedTable: opt(int),
  entryRound: opt(int),
  entryPolicy: opt(z.enum(["losses", "byes"])),
  byeRounds: int,
  createdAt: when,
  /** Place (issue #16): PLACED teams are paired; WAITLIST ones wait in `waitlistSeq` order. */
  entry: later(z.enum(["PLACED", "WAITLIST", "PENDING_APPROVAL", "LOST_PLACE"]), "PLACED"),
  waitlistSeq: later(opt(int), null),
  /** Last place change the members were shown ("MOVED_UP" / "LOST_PLACE") and when. */
  entryNotice: later(opt(z.string().max(200)), null),
  entryNoticeAt: later(opt(when), null),
  /** Self-drop by a duelist of the team: when, and who (a display name). */
  selfDroppedAt: later(opt(when), null),
  selfDroppedBy: later(opt(person), null),
  /** When the team checked into a flight series' queue. */
  queuedAt: later(opt(when), null),
});

export const archiveDuelistSchema = z.object({
  id: ref("duelist"),
  team: ref("team"),
  designation: z.enum(["A", "B"]),
  name: text,
  playerId: opt(z.string().max(200)),
  createdAt: when,
  /** Self check-in (issue #16); null = not checked in. */
  checkedInAt: later(opt(when), null),
});

export const archiveDecklistSchema = z.object({
  id: ref("decklist"),
  duelist: ref("duelist"),
  sourceFormat: z.string().max(20),
  rawText: text,
  sections: json,
  legality: json,
  isLegal: z.boolean(),
  locked: z.boolean(),
  submittedBy: opt(person),
  submittedAt: when,
  version: int,
  unlockedAt: opt(when),
});

export const archiveLocalInfractionSchema = z.object({
  id: ref("localInfraction"),
  name: text,
  defaultPenalty: opt(penaltyKind),
  createdAt: when,
});

export const archiveAvoidPairSchema = z.object({
  id: ref("avoidPair"),
  teamA: ref("team"),
  teamB: ref("team"),
  reason: opt(text),
  createdAt: when,
});

export const archiveRoundSchema = z.object({
  id: ref("round"),
  number: int,
  kind: z.enum(["SWISS", "TOP_CUT"]),
  status: z.enum(["PAIRED", "PUBLISHED", "CLOSED"]),
  seed: z.string().max(200),
  minutes: int,
  createdAt: when,
  publishedAt: opt(when),
  closedAt: opt(when),
});

export const archiveMatchSchema = z.object({
  id: ref("match"),
  round: ref("round"),
  table: int,
  firstSlot: opt(int),
  /** Pairing reasons from lib/pairing (staff view). */
  reasons: json,
  version: int,
});

/** A team's seat in a match: slot 1 or 2. */
export const archiveSeatSchema = z.object({ match: ref("match"), slot: z.union([z.literal(1), z.literal(2)]), team: ref("team") });

/** The final result stored on a match (absent while nothing was entered). */
export const archiveResultSchema = z.object({
  match: ref("match"),
  outcome: opt(z.enum(MATCH_OUTCOMES)),
  winnerSlot: opt(int),
  endReason: opt(endReason),
  lp1: opt(int),
  lp2: opt(int),
  games1: int,
  games2: int,
  reportedAt: opt(when),
  /** End-of-match wizard state (lib/formats/eomp) while a judge runs the procedure. */
  eompState: opt(json),
});

export const archiveReportSchema = z.object({
  id: ref("report"),
  match: ref("match"),
  by: person,
  source: z.enum(["JUDGE", "TEAM"]),
  team: opt(ref("team")),
  payload: json,
  createdAt: when,
});

export const archiveTimerSchema = z.object({
  id: ref("timer"),
  round: ref("round"),
  match: opt(ref("match")),
  action: z.enum(["START", "PAUSE", "RESUME", "ADD"]),
  /** ADD: seconds added (may be negative). */
  seconds: int,
  at: when,
  by: opt(person),
});

/** BEGIN/END/BATCH snapshots name their round; UNDONE ones (round deleted) name the round number. */
export const archiveSnapshotSchema = z.object({
  id: ref("snapshot"),
  round: opt(ref("round")),
  number: opt(int),
  phase: z.enum(["BEGIN", "END", "UNDONE", "BATCH"]),
  data: json,
  createdAt: when,
});

export const archivePairingEditSchema = z.object({
  id: ref("pairingEdit"),
  round: ref("round"),
  kind: z.enum(["SWAP", "MOVE", "BYE"]),
  team: text,
  fromTable: opt(int),
  toTable: opt(int),
  otherTeam: opt(text),
  otherFromTable: opt(int),
  otherToTable: opt(int),
  reason: text,
  warnings: json,
  by: opt(person),
  createdAt: when,
});

export const archivePenaltySchema = z.object({
  id: ref("penalty"),
  team: ref("team"),
  duelist: opt(ref("duelist")),
  roundNumber: opt(int),
  infraction: text,
  /** Catalogue id (lib/formats/infractions) or "local:<li…>" naming a local infraction. */
  infractionCode: opt(z.string().max(200)),
  penalty: penaltyKind,
  judge: opt(person),
  notes: opt(text),
  createdAt: when,
});

export const archiveDeckCheckSchema = z.object({
  id: ref("deckCheck"),
  round: ref("round"),
  team: ref("team"),
  judge: opt(person),
  outcome: z.enum(["OK", "PROBLEM"]),
  notes: opt(text),
  createdAt: when,
});

/** A partner-pool entry (issue #16): a person looking for a partner; `team` once matched. No account. */
export const archivePoolEntrySchema = z.object({
  id: ref("poolEntry"),
  name: text,
  playerId: opt(z.string().max(200)),
  status: z.string().max(50),
  team: opt(ref("team")),
  designation: opt(z.enum(["A", "B"])),
  createdAt: when,
});

/** A judge call from a match card (issue #16) with its people as display names. */
export const archiveJudgeCallSchema = z.object({
  id: ref("judgeCall"),
  match: ref("match"),
  team: ref("team"),
  roundNumber: int,
  table: int,
  status: z.enum(["OPEN", "ACKNOWLEDGED", "RESOLVED"]),
  calledBy: person,
  createdAt: when,
  acknowledgedAt: opt(when),
  acknowledgedBy: opt(person),
  resolvedAt: opt(when),
  resolvedBy: opt(person),
});

/** One audit row (lib/server/read/audit.ts): the actor's display name as text; entityId local when the row is in the archive. */
export const archiveAuditSchema = z.object({
  at: when,
  by: opt(person),
  action: z.string().max(200),
  entity: z.string().max(200),
  entityId: opt(z.string().max(200)),
  /** A row about an account (entity "User"): entityId is null and this is the account's display name. */
  entityName: opt(person),
  before: opt(json),
  after: opt(json),
});

/** The whole archive document (see the module comment for ids, order and people). */
export const eventArchiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  event: archiveEventSchema,
  banlists: z.array(archiveBanlistSchema),
  cards: z.array(archiveCardSchema),
  teams: z.array(archiveTeamSchema),
  duelists: z.array(archiveDuelistSchema),
  decklists: z.array(archiveDecklistSchema),
  localInfractions: z.array(archiveLocalInfractionSchema),
  avoidPairs: z.array(archiveAvoidPairSchema),
  rounds: z.array(archiveRoundSchema),
  matches: z.array(archiveMatchSchema),
  seats: z.array(archiveSeatSchema),
  results: z.array(archiveResultSchema),
  reports: z.array(archiveReportSchema),
  timer: z.array(archiveTimerSchema),
  snapshots: z.array(archiveSnapshotSchema),
  pairingEdits: z.array(archivePairingEditSchema),
  penalties: z.array(archivePenaltySchema),
  deckChecks: z.array(archiveDeckCheckSchema),
  poolEntries: later(z.array(archivePoolEntrySchema), []),
  judgeCalls: later(z.array(archiveJudgeCallSchema), []),
  audit: z.array(archiveAuditSchema),
});

export type EventArchive = z.infer<typeof eventArchiveSchema>;
/** What a reader accepts: like {@link EventArchive}, with the later fields (see the module comment) optional. */
export type EventArchiveInput = z.input<typeof eventArchiveSchema>;

/**
 * The archive's JSON Schema (draft 2020-12), committed as docs/event-archive.schema.json: what a
 * reader accepts (the later fields optional, read as their default; unknown keys are ignored).
 */
export function archiveJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(eventArchiveSchema, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>;
}

/** The committed schema file's text (docs/event-archive.schema.json): 2-space JSON and a final newline. */
export function archiveJsonSchemaText(): string {
  const schema = {
    title: `Tandem event archive, version ${ARCHIVE_VERSION}`,
    description: "Generated from lib/archive/schema.ts (node --import tsx scripts/archive-schema.ts); see README.md.",
    ...archiveJsonSchema(),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
