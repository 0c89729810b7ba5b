/**
 * Issue #17: the archive's published JSON Schema (docs/event-archive.schema.json) is the one the
 * zod schema generates (regenerate: node --import tsx scripts/archive-schema.ts), and archives
 * read by lib/archive/read.ts are refused with the path and reason — also names and a time zone
 * the forms refuse (event name 2–120 characters, team / duelist names 1–80, no bidi controls, a
 * known IANA zone), which an import must not create either.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARCHIVE_VERSION, archiveJsonSchemaText, type EventArchiveInput } from "@/lib/archive/schema";
import { archiveConsistency, archiveProblemLines, readArchive, type ArchiveProblem } from "@/lib/archive/read";
import { remapJson } from "@/lib/archive/ids";

const root = path.resolve(import.meta.dirname, "../..");

/** A version-1 archive as written before the issue #16 fields existed (none of them present). */
const minimal = (): EventArchiveInput => ({
  format: "tandem.event-archive",
  version: ARCHIVE_VERSION,
  event: {
    id: "e1",
    name: "Store Tag",
    formatPreset: "KONAMI_TAG_2019",
    settings: {},
    timeZone: "UTC",
    roundMinutes: 50,
    banlist: null,
    decklistDeadline: null,
    decklistsPublished: false,
    status: "RUNNING",
    checkInOpen: false,
    swissRounds: null,
    topCut: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    startsOn: "2026-12-05",
    location: null,
    hidden: false,
  },
  banlists: [],
  cards: [],
  teams: [1, 2].map((n) => ({
    id: `t${n}`,
    name: `Team ${n}`,
    number: n,
    status: "ACTIVE" as const,
    checkedIn: true,
    droppedAfter: null,
    fixedTable: null,
    entryRound: null,
    entryPolicy: null,
    byeRounds: 0,
    createdAt: "2026-12-01T10:00:00.000Z",
  })),
  duelists: [],
  decklists: [],
  localInfractions: [],
  avoidPairs: [],
  rounds: [
    {
      id: "r1",
      number: 1,
      kind: "SWISS",
      status: "PAIRED",
      seed: "s",
      minutes: 50,
      createdAt: "2026-12-01T10:00:00.000Z",
      publishedAt: null,
      closedAt: null,
    },
  ],
  matches: [{ id: "m1", round: "r1", table: 1, firstSlot: null, reasons: [], version: 0 }],
  seats: [
    { match: "m1", slot: 1, team: "t1" },
    { match: "m1", slot: 2, team: "t2" },
  ],
  results: [],
  reports: [],
  timer: [],
  snapshots: [],
  pairingEdits: [],
  penalties: [],
  deckChecks: [],
  audit: [],
});

const problems = (a: unknown) => {
  const r = readArchive(JSON.stringify(a));
  return r.ok ? [] : archiveProblemLines(r.problems);
};

describe("the event archive schema (issue #17)", () => {
  it("docs/event-archive.schema.json is the JSON Schema generated from the zod schema", () => {
    // Compared as JSON: the committed file is Prettier-formatted (npm test checks every file's format).
    expect(JSON.parse(readFileSync(path.join(root, "docs/event-archive.schema.json"), "utf8"))).toEqual(
      JSON.parse(archiveJsonSchemaText()),
    );
  });

  it("a minimal consistent archive reads; a UTF-8 BOM before it is accepted", () => {
    expect(problems(minimal())).toEqual([]);
    expect(readArchive(`\uFEFF${JSON.stringify(minimal())}`).ok).toBe(true);
  });

  it("a version-1 archive without the issue #16 fields reads as closed registration, placed teams, no pool and no judge calls", () => {
    const r = readArchive(JSON.stringify(minimal()));
    expect(r.ok).toBe(true);
    const a = r.ok ? r.archive : null;
    expect(a?.event).toMatchObject({ selfRegistration: false, teamCap: null, checkInClosesAt: null, flightSize: null, flightsHeld: false });
    expect(a?.teams.map((t) => [t.entry, t.waitlistSeq, t.selfDroppedAt])).toEqual([
      ["PLACED", null, null],
      ["PLACED", null, null],
    ]);
    expect([a?.poolEntries, a?.judgeCalls]).toEqual([[], []]);
  });

  it("a judge call and a pool entry naming an unknown match or team are refused by path", () => {
    const r = readArchive(JSON.stringify(minimal()));
    const a = r.ok ? r.archive : null;
    a!.judgeCalls.push({
      id: "jc1",
      match: "m9",
      team: "t1",
      roundNumber: 1,
      table: 1,
      status: "OPEN",
      calledBy: "Ann",
      createdAt: "2026-12-01T10:05:00.000Z",
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
    });
    a!.poolEntries.push({
      id: "pp1",
      name: "Bo",
      playerId: null,
      status: "MATCHED",
      team: "t7",
      designation: "A",
      createdAt: "2026-12-01T09:00:00.000Z",
    });
    expect(archiveProblemLines(archiveConsistency(a!))).toEqual([
      "poolEntries[0].team: names an unknown team t7",
      "judgeCalls[0].match: names an unknown match m9",
    ]);
  });

  it("a second seat of a team in the same round, a duplicate table and an unknown round are refused by path", () => {
    const a = minimal();
    a.seats[1].team = "t1";
    a.matches.push(
      { id: "m2", round: "r1", table: 1, firstSlot: null, reasons: [], version: 0 },
      {
        id: "m3",
        round: "r9",
        table: 2,
        firstSlot: null,
        reasons: [],
        version: 0,
      },
    );
    expect(problems(a)).toEqual([
      "matches[2].round: names an unknown round r9",
      "matches[1]: the round and table repeats matches[0]",
      "seats[1]: the team's seat in this round repeats seats[0]",
    ]);
  });

  it("another format, a missing version and an unknown enum value are refused with the reason", () => {
    expect(problems({ ...minimal(), format: "x" })).toEqual(['format: not an event archive (format must be "tandem.event-archive")']);
    expect(problems({ ...minimal(), version: undefined })).toEqual(["version: the archive has no valid version number"]);
    const bad = minimal() as unknown as { teams: { status: string }[] };
    bad.teams[0].status = "GONE";
    expect(problems(bad)[0]).toMatch(/^teams\[0\]\.status: /);
    expect(readArchive("[1, 2").ok).toBe(false);
    expect(archiveProblemLines((readArchive('{"format": "tandem.ev') as { problems: ArchiveProblem[] }).problems)[0]).toMatch(/truncated/);
  });

  it("stored JSON is remapped in values, keys and local: codes, with keys sorted", () => {
    const ids = new Map([
      ["cuidTeam", "t1"],
      ["cuidLocal", "li1"],
    ]);
    expect(JSON.stringify(remapJson({ z: "cuidTeam", a: { cuidTeam: ["local:cuidLocal", 3, null] } }, ids))).toBe(
      '{"a":{"t1":["local:li1",3,null]},"z":"t1"}',
    );
  });
});

const duelist = (n: number, team: string, designation: "A" | "B", name: string) => ({
  id: `d${n}`,
  team,
  designation,
  name,
  playerId: null,
  createdAt: "2026-12-01T10:00:00.000Z",
});

describe("archive names and time zone follow the forms' rules (issue #17)", () => {
  it("refuses an event name with bidi controls, naming event.name", () => {
    const a = minimal();
    a.event.name = "\u202Eevil\u202C";
    expect(problems(a)).toEqual(["event.name: must not contain NUL, unpaired surrogate or bidirectional override characters"]);
  });

  it("refuses a 121- and a 5000-character event name (the create-event limit is 120), naming event.name", () => {
    for (const length of [121, 5000]) {
      const a = minimal();
      a.event.name = "x".repeat(length);
      expect(problems(a)).toEqual(["event.name: is too long (at most 120 characters)"]);
    }
    const a = minimal();
    a.event.name = "x";
    expect(problems(a)).toEqual(["event.name: needs at least 2 characters"]);
  });

  it("refuses an unknown time zone, naming event.timeZone", () => {
    const a = minimal();
    a.event.timeZone = "Mars/Olympus";
    expect(problems(a)).toEqual(["event.timeZone: not a known time zone (e.g. Europe/Rome, America/Sao_Paulo)"]);
  });

  it("refuses a duelist or team name with bidi controls or over 80 characters, naming its path", () => {
    const a = minimal();
    a.duelists = [duelist(1, "t1", "A", "Ann"), duelist(2, "t1", "B", "\u202Eevil\u202C"), duelist(3, "t2", "A", "b".repeat(81))];
    a.teams[1].name = "Team\u2066 2";
    expect(problems(a)).toEqual([
      "teams[1].name: must not contain NUL, unpaired surrogate or bidirectional override characters",
      "duelists[1].name: must not contain NUL, unpaired surrogate or bidirectional override characters",
      "duelists[2].name: is too long (at most 80 characters)",
    ]);
  });

  it("refuses two team names registration would call the same (case, spaces), naming the later team", () => {
    const a = minimal();
    a.teams[1].name = "  TEAM   1 ";
    expect(problems(a)).toEqual(["teams[1]: the team name repeats teams[0]"]);
  });

  it("reads names at the limits and a known zone, stored as the forms store them (normalized, trimmed)", () => {
    const a = minimal();
    a.event.name = ` ${"x".repeat(119)}y `;
    a.event.timeZone = " Europe/Rome ";
    a.teams[0].name = "Team   One";
    a.duelists = [duelist(1, "t1", "A", "a".repeat(80)), duelist(2, "t1", "B", "Drago\u0303es")];
    const r = readArchive(JSON.stringify(a));
    expect(r.ok && r.archive.event).toMatchObject({ name: `${"x".repeat(119)}y`, timeZone: "Europe/Rome" });
    expect(r.ok && r.archive.teams[0].name).toBe("Team One");
    expect(r.ok && r.archive.duelists.map((d) => d.name)).toEqual(["a".repeat(80), "Drag\u00f5es"]);
  });
});
