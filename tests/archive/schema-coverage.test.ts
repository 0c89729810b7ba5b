/**
 * Issue #17 archive coverage: every Prisma model and every scalar field (read from the generated
 * client's model list and field enums, i.e. the schema's DMMF) is either carried by the event
 * archive — at a path that exists in the zod schema (lib/archive/schema.ts) — or excluded here
 * with its reason. A model or column added later fails this test until it is decided.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { eventArchiveSchema } from "@/lib/archive/schema";

/** "-reason": not archived, and why. Anything else: the archive path ("teams[].name"). */
type Coverage = Record<string, string>;
const EVENT_REF = "-implied: every row of the archive belongs to its one event";
const ACCOUNT = "-accounts are not archived (issue #17): the display name is kept as text instead";
const FLIGHT_LINK = "-a link to another event (flight series): an imported flight is a standalone event (README)";

const COVERAGE: Record<string, Coverage | string> = {
  Event: {
    id: "event.id",
    name: "event.name",
    formatPreset: "event.formatPreset",
    settings: "event.settings",
    timeZone: "event.timeZone",
    roundMinutes: "event.roundMinutes",
    banlistId: "event.banlist",
    decklistDeadline: "event.decklistDeadline",
    decklistsPublished: "event.decklistsPublished",
    status: "event.status",
    checkInOpen: "event.checkInOpen",
    swissRounds: "event.swissRounds",
    topCut: "event.topCut",
    version: "-the live pages' change counter (ETag); an imported event starts its own",
    createdAt: "event.createdAt",
    startsOn: "event.startsOn",
    location: "event.location",
    hidden: "event.hidden",
    selfRegistration: "event.selfRegistration",
    registrationOpensAt: "event.registrationOpensAt",
    registrationClosesAt: "event.registrationClosesAt",
    teamCap: "event.teamCap",
    requireApproval: "event.requireApproval",
    checkInClosedAt: "event.checkInClosedAt",
    partnerSeed: "event.partnerSeed",
    checkInOpensAt: "event.checkInOpensAt",
    checkInClosesAt: "event.checkInClosesAt",
    flightSize: "event.flightSize",
    flightsHeld: "event.flightsHeld",
    seriesId: FLIGHT_LINK,
    flightNumber: "-the number within a series (flight series link): an imported flight is a standalone event",
  },
  Banlist: {
    id: "banlists[].id",
    game: "banlists[].game",
    name: "banlists[].name",
    effectiveFrom: "banlists[].effectiveFrom",
    isWhitelist: "banlists[].isWhitelist",
    source: "banlists[].source",
    importedAt: "banlists[].importedAt",
  },
  BanlistEntry: {
    id: "-entries are values of their list (no id needed)",
    banlistId: "-nested under banlists[].entries",
    passcode: "banlists[].entries[].passcode",
    cardName: "banlists[].entries[].cardName",
    limit: "banlists[].entries[].limit",
  },
  Card: {
    passcode: "cards[].passcode",
    alias: "cards[].alias",
    name: "cards[].name",
    type: "cards[].type",
    ot: "cards[].ot",
    isExtra: "cards[].isExtra",
    isToken: "cards[].isToken",
  },
  Team: {
    id: "teams[].id",
    eventId: EVENT_REF,
    name: "teams[].name",
    number: "teams[].number",
    status: "teams[].status",
    checkedIn: "teams[].checkedIn",
    droppedAfter: "teams[].droppedAfter",
    fixedTable: "teams[].fixedTable",
    entryRound: "teams[].entryRound",
    entryPolicy: "teams[].entryPolicy",
    createdAt: "teams[].createdAt",
    byeRounds: "teams[].byeRounds",
    entry: "teams[].entry",
    waitlistSeq: "teams[].waitlistSeq",
    entryNotice: "teams[].entryNotice",
    entryNoticeAt: "teams[].entryNoticeAt",
    selfDroppedAt: "teams[].selfDroppedAt",
    selfDroppedById: "teams[].selfDroppedBy",
    queuedAt: "teams[].queuedAt",
    seriesTeamId: FLIGHT_LINK,
  },
  Duelist: {
    id: "duelists[].id",
    eventId: EVENT_REF,
    teamId: "duelists[].team",
    designation: "duelists[].designation",
    name: "duelists[].name",
    playerId: "duelists[].playerId",
    legacyClaimCode: "-a claim code (secret): duelists import unclaimed with new codes",
    userId: ACCOUNT,
    createdAt: "duelists[].createdAt",
    claimCodeHash: "-a claim code hash (secret): duelists import unclaimed with new codes",
    claimExpiresAt: "-belongs to the claim code, which is not archived",
    checkedInAt: "duelists[].checkedInAt",
  },
  Decklist: {
    id: "decklists[].id",
    eventId: EVENT_REF,
    duelistId: "decklists[].duelist",
    sourceFormat: "decklists[].sourceFormat",
    rawText: "decklists[].rawText",
    sections: "decklists[].sections",
    legality: "decklists[].legality",
    isLegal: "decklists[].isLegal",
    locked: "decklists[].locked",
    submittedById: "decklists[].submittedBy",
    submittedAt: "decklists[].submittedAt",
    version: "decklists[].version",
    unlockedAt: "decklists[].unlockedAt",
  },
  LocalInfraction: {
    id: "localInfractions[].id",
    eventId: EVENT_REF,
    name: "localInfractions[].name",
    defaultPenalty: "localInfractions[].defaultPenalty",
    createdAt: "localInfractions[].createdAt",
  },
  AvoidPair: {
    id: "avoidPairs[].id",
    eventId: EVENT_REF,
    teamAId: "avoidPairs[].teamA",
    teamBId: "avoidPairs[].teamB",
    reason: "avoidPairs[].reason",
    createdAt: "avoidPairs[].createdAt",
  },
  Round: {
    id: "rounds[].id",
    eventId: EVENT_REF,
    number: "rounds[].number",
    kind: "rounds[].kind",
    status: "rounds[].status",
    seed: "rounds[].seed",
    minutes: "rounds[].minutes",
    createdAt: "rounds[].createdAt",
    publishedAt: "rounds[].publishedAt",
    closedAt: "rounds[].closedAt",
  },
  Match: {
    id: "matches[].id",
    roundId: "matches[].round",
    table: "matches[].table",
    firstSlot: "matches[].firstSlot",
    outcome: "results[].outcome",
    winnerSlot: "results[].winnerSlot",
    endReason: "results[].endReason",
    lp1: "results[].lp1",
    lp2: "results[].lp2",
    games1: "results[].games1",
    games2: "results[].games2",
    reasons: "matches[].reasons",
    version: "matches[].version",
    reportedAt: "results[].reportedAt",
    eompState: "results[].eompState",
  },
  MatchTeam: { matchId: "seats[].match", roundId: "-the match's round", teamId: "seats[].team", slot: "seats[].slot" },
  ResultReport: {
    id: "reports[].id",
    matchId: "reports[].match",
    userId: "reports[].by",
    source: "reports[].source",
    teamId: "reports[].team",
    payload: "reports[].payload",
    createdAt: "reports[].createdAt",
  },
  TimerActivation: {
    id: "timer[].id",
    roundId: "timer[].round",
    matchId: "timer[].match",
    action: "timer[].action",
    seconds: "timer[].seconds",
    at: "timer[].at",
    byUserId: "timer[].by",
  },
  RoundSnapshot: {
    id: "snapshots[].id",
    roundId: "snapshots[].round",
    phase: "snapshots[].phase",
    data: "snapshots[].data",
    createdAt: "snapshots[].createdAt",
    eventId: EVENT_REF,
    number: "snapshots[].number",
  },
  PairingEdit: {
    id: "pairingEdits[].id",
    roundId: "pairingEdits[].round",
    kind: "pairingEdits[].kind",
    team: "pairingEdits[].team",
    fromTable: "pairingEdits[].fromTable",
    toTable: "pairingEdits[].toTable",
    otherTeam: "pairingEdits[].otherTeam",
    otherFromTable: "pairingEdits[].otherFromTable",
    otherToTable: "pairingEdits[].otherToTable",
    reason: "pairingEdits[].reason",
    warnings: "pairingEdits[].warnings",
    userId: "pairingEdits[].by",
    createdAt: "pairingEdits[].createdAt",
  },
  Penalty: {
    id: "penalties[].id",
    eventId: EVENT_REF,
    teamId: "penalties[].team",
    duelistId: "penalties[].duelist",
    roundNumber: "penalties[].roundNumber",
    infraction: "penalties[].infraction",
    penalty: "penalties[].penalty",
    judgeId: "penalties[].judge",
    notes: "penalties[].notes",
    createdAt: "penalties[].createdAt",
    infractionCode: "penalties[].infractionCode",
  },
  DeckCheck: {
    id: "deckChecks[].id",
    eventId: EVENT_REF,
    roundId: "deckChecks[].round",
    teamId: "deckChecks[].team",
    judgeId: "deckChecks[].judge",
    outcome: "deckChecks[].outcome",
    notes: "deckChecks[].notes",
    createdAt: "deckChecks[].createdAt",
  },
  AuditLog: {
    id: "-audit rows are ordered by time and content; no row refers to another by id",
    eventId: EVENT_REF,
    userId: "audit[].by",
    action: "audit[].action",
    entity: "audit[].entity",
    entityId: "audit[].entityId",
    before: "audit[].before",
    after: "audit[].after",
    createdAt: "audit[].at",
  },
  PartnerPoolEntry: {
    id: "poolEntries[].id",
    eventId: EVENT_REF,
    name: "poolEntries[].name",
    playerId: "poolEntries[].playerId",
    userId: ACCOUNT,
    status: "poolEntries[].status",
    teamId: "poolEntries[].team",
    designation: "poolEntries[].designation",
    createdAt: "poolEntries[].createdAt",
  },
  JudgeCall: {
    id: "judgeCalls[].id",
    eventId: EVENT_REF,
    matchId: "judgeCalls[].match",
    teamId: "judgeCalls[].team",
    roundNumber: "judgeCalls[].roundNumber",
    table: "judgeCalls[].table",
    status: "judgeCalls[].status",
    openKey: "-derived on import: the call's match while it is not RESOLVED (one open call per match)",
    calledById: "judgeCalls[].calledBy",
    createdAt: "judgeCalls[].createdAt",
    acknowledgedAt: "judgeCalls[].acknowledgedAt",
    acknowledgedById: "judgeCalls[].acknowledgedBy",
    resolvedAt: "judgeCalls[].resolvedAt",
    resolvedById: "judgeCalls[].resolvedBy",
  },
  ArchivedPerson: { id: ACCOUNT, eventId: EVENT_REF, displayName: "audit[].by" },
  // Whole models left out, with the reason.
  User: "-accounts (password hashes, sessions) are never archived: people are display names as text",
  EventStaff: "-staff are not imported: the importing organizer owns the event",
  StaffInvitation: "-staff are not imported (invitations are offers to accounts)",
  PasswordResetCode: "-reset codes are secrets of accounts",
  RateCounter: "-instance-wide limiter counters, no event",
  InstanceSetting: "-instance-wide settings, no event",
  CardImportJob: "-instance-wide card database imports, no event",
  CardChange: "-instance-wide card database history, no event",
  TeamRegistration:
    "-pending self-registration invites hold an account and token/code hashes (secrets): not carried; the partner re-registers",
  IdempotencyKey: "-per-account replay protection of the offline queue (lib/offline), not event data",
};

/** The zod schema at `path` ("teams[].name"), or null when the path does not exist. */
function schemaAt(path: string): z.ZodType | null {
  let s: z.ZodType = eventArchiveSchema;
  for (const part of path.split(".")) {
    const arrays = part.endsWith("[]");
    const key = arrays ? part.slice(0, -2) : part;
    let inner = s;
    while (inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
    if (!(inner instanceof z.ZodObject)) return null;
    const next = (inner.shape as Record<string, z.ZodType>)[key];
    if (!next) return null;
    s = next;
    while (s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    if (arrays) {
      if (!(s instanceof z.ZodArray)) return null;
      s = s.element as z.ZodType;
    }
  }
  return s;
}

const models = Object.values(Prisma.ModelName) as string[];
const fieldsOf = (model: string) =>
  Object.values((Prisma as unknown as Record<string, Record<string, string>>)[`${model}ScalarFieldEnum`]) as string[];

describe("every stored model and field is archived or excluded with a reason (issue #17)", () => {
  it("reads the models and fields of the schema (Event, Team.name, Match.eompState)", () => {
    expect(models).toContain("Event");
    expect(fieldsOf("Team")).toContain("name");
    expect(fieldsOf("Match")).toContain("eompState");
  });

  it("each model is covered, and no coverage names a model that is gone", () => {
    expect(models.filter((m) => !(m in COVERAGE))).toEqual([]);
    expect(Object.keys(COVERAGE).filter((m) => !models.includes(m))).toEqual([]);
  });

  it("each field of an archived model is mapped or excluded; mapped paths exist in the zod schema", () => {
    const problems: string[] = [];
    for (const m of models) {
      const c = COVERAGE[m];
      if (typeof c === "string") {
        expect(c.startsWith("-"), `${m} is excluded with a reason`).toBe(true);
        continue;
      }
      for (const f of fieldsOf(m)) if (!(f in c)) problems.push(`${m}.${f}: not decided (archive it or exclude it with a reason)`);
      for (const [f, where] of Object.entries(c)) {
        if (!fieldsOf(m).includes(f)) problems.push(`${m}.${f}: no such field any more`);
        else if (!where.startsWith("-") && !schemaAt(where)) problems.push(`${m}.${f}: ${where} is not in the archive schema`);
        else if (where.startsWith("-") && where.length < 10) problems.push(`${m}.${f}: give the reason`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the check fails for an undecided field and for a path the schema lacks", () => {
    expect(schemaAt("teams[].name")).not.toBeNull();
    expect(schemaAt("teams[].nickname")).toBeNull();
    expect(schemaAt("event.banlist")).not.toBeNull();
    expect(fieldsOf("Team").every((f) => f in (COVERAGE.Team as Coverage))).toBe(true);
    expect(
      fieldsOf("Team")
        .concat("newColumn")
        .every((f) => f in (COVERAGE.Team as Coverage)),
    ).toBe(false);
  });
});
