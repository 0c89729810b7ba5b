/**
 * The event archive on the database (issue #17; shape and rules: lib/archive/schema.ts).
 *
 * - {@link exportEventArchive}: reads one event (the audit log through lib/server/read/audit.ts)
 *   into an archive with local ids, content-sorted lists and no export time: the same event gives
 *   the same bytes on any database.
 * - {@link importEventArchive}: reads and checks the text (lib/archive/read.ts), then writes a NEW
 *   event in ONE transaction: new ids everywhere, duelists unclaimed with new claim codes, no staff
 *   but the importing organizer, people as ArchivedPerson rows, missing cards added (no stored
 *   card changed), and one `event.import` audit row. Any refusal leaves nothing behind.
 */
import { randomBytes } from "node:crypto";
import { db, type Db, type Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type EventArchive, type LocalIdKind } from "@/lib/archive/schema";
import { LocalIds, byContent, remapJson } from "@/lib/archive/ids";
import { archiveProblemLines, readArchive, readArchiveDocument, type ArchiveProblem } from "@/lib/archive/read";
import { auditRowsForArchive } from "@/lib/server/read/audit";
import { audit } from "@/lib/server/action";
import type { Actor } from "@/lib/auth/actor";
import { freshClaimCode } from "@/lib/server/write/claimCodes";

type Client = Db | Tx;
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** Stored passcodes of a decklist's sections (YGO: numbers per copy; MTG: [name, count] pairs hold none). */
function passcodesOf(sections: unknown, into: Set<number>): void {
  if (typeof sections === "number" && Number.isInteger(sections)) into.add(sections);
  else if (Array.isArray(sections)) for (const x of sections) passcodesOf(x, into);
  else if (sections && typeof sections === "object") for (const x of Object.values(sections)) passcodesOf(x, into);
}

/**
 * The archive of event `eventId` as a plain object (see {@link exportEventArchiveText} for the
 * bytes). Throws ActionError NOT_FOUND for an unknown event. `client` may be a transaction.
 */
export async function buildEventArchive(eventId: string, client: Client = db()): Promise<EventArchive> {
  const event = await client.event.findUnique({ where: { id: eventId }, include: { banlist: { include: { entries: true } } } });
  if (!event) throw new ActionError("NOT_FOUND", "No such event.", "eventId", { what: "event" });
  // One query after another: `client` may be a transaction (one connection, no concurrent queries).
  const teams = await client.team.findMany({ where: { eventId } });
  const duelists = await client.duelist.findMany({ where: { eventId } });
  const decklists = await client.decklist.findMany({ where: { eventId } });
  const localInfractions = await client.localInfraction.findMany({ where: { eventId } });
  const avoidPairs = await client.avoidPair.findMany({ where: { eventId } });
  const rounds = await client.round.findMany({
    where: { eventId },
    include: { matches: { include: { teams: true, reports: true } }, timer: true, snapshots: true, pairingEdits: true },
  });
  const undone = await client.roundSnapshot.findMany({ where: { eventId, roundId: null } });
  const penalties = await client.penalty.findMany({ where: { eventId } });
  const deckChecks = await client.deckCheck.findMany({ where: { eventId } });
  const poolEntries = await client.partnerPoolEntry.findMany({ where: { eventId } });
  const judgeCalls = await client.judgeCall.findMany({ where: { eventId } });
  const auditRows = await auditRowsForArchive(eventId, client);
  const people = await client.archivedPerson.findMany({ where: { eventId } });
  // People: display names of accounts and of archived people (an imported event).
  const userIds = new Set<string>();
  const note = (id: string | null) => id && userIds.add(id);
  decklists.forEach((l) => note(l.submittedById));
  penalties.forEach((p) => note(p.judgeId));
  deckChecks.forEach((c) => note(c.judgeId));
  teams.forEach((t) => note(t.selfDroppedById));
  judgeCalls.forEach((c) => (note(c.calledById), note(c.acknowledgedById), note(c.resolvedById)));
  for (const r of rounds) {
    r.timer.forEach((t) => note(t.byUserId));
    r.pairingEdits.forEach((e) => note(e.userId));
    r.matches.forEach((m) => m.reports.forEach((x) => note(x.userId)));
  }
  const names = new Map<string, string>(people.map((p) => [p.id, p.displayName]));
  for (const u of await client.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, displayName: true } }))
    names.set(u.id, u.displayName);
  const who = (id: string | null) => (id ? (names.get(id) ?? null) : null);

  const ids = new LocalIds();
  const add = <T extends { id: string }, R>(
    kind: LocalIdKind,
    rows: T[],
    build: (row: T) => R,
    keys: (row: R) => (string | number | null)[],
  ) => {
    const built = rows.map((row) => ({ row, value: build(row) }));
    const cmp = byContent(keys);
    built.sort((a, b) => cmp(a.value, b.value));
    return built.map(({ row, value }) => ({ id: ids.add(kind, row.id), ...value }));
  };
  const json = (v: unknown) => remapJson(v, ids.table) as Prisma.JsonValue;

  ids.add("event", event.id);
  const banlists = event.banlist
    ? [
        {
          id: ids.add("banlist", event.banlist.id),
          game: event.banlist.game,
          name: event.banlist.name,
          effectiveFrom: isoOrNull(event.banlist.effectiveFrom),
          isWhitelist: event.banlist.isWhitelist,
          source: event.banlist.source,
          importedAt: iso(event.banlist.importedAt),
          entries: event.banlist.entries
            .map((e) => ({ passcode: e.passcode, cardName: e.cardName, limit: e.limit }))
            .sort(byContent((e) => [e.passcode, e.cardName, e.limit])),
        },
      ]
    : [];
  const passcodes = new Set<number>();
  decklists.forEach((l) => passcodesOf(l.sections, passcodes));
  let cardRows = await client.card.findMany({ where: { passcode: { in: [...passcodes] } } });
  // The alias targets too (legality counts an alternate artwork as its original: RULES.md §7).
  const aliases = cardRows.map((c) => c.alias).filter((a) => a && !passcodes.has(a));
  if (aliases.length) cardRows = cardRows.concat(await client.card.findMany({ where: { passcode: { in: aliases } } }));
  const cards = cardRows
    .map((c) => ({ passcode: c.passcode, alias: c.alias, name: c.name, type: c.type, ot: c.ot, isExtra: c.isExtra, isToken: c.isToken }))
    .sort((a, b) => a.passcode - b.passcode);

  const teamOut = add(
    "team",
    teams,
    (t) => ({
      name: t.name,
      number: t.number,
      status: t.status,
      checkedIn: t.checkedIn,
      droppedAfter: t.droppedAfter,
      fixedTable: t.fixedTable,
      entryRound: t.entryRound,
      entryPolicy: t.entryPolicy,
      byeRounds: t.byeRounds,
      createdAt: iso(t.createdAt),
      entry: t.entry,
      waitlistSeq: t.waitlistSeq,
      entryNotice: t.entryNotice,
      entryNoticeAt: isoOrNull(t.entryNoticeAt),
      selfDroppedAt: isoOrNull(t.selfDroppedAt),
      selfDroppedBy: who(t.selfDroppedById),
      queuedAt: isoOrNull(t.queuedAt),
    }),
    (t) => [t.number],
  );
  const teamNumber = new Map(teamOut.map((t) => [t.id, t.number]));
  const duelistOut = add(
    "duelist",
    duelists,
    (d) => ({
      team: ids.of(d.teamId),
      designation: d.designation,
      name: d.name,
      playerId: d.playerId,
      createdAt: iso(d.createdAt),
      checkedInAt: isoOrNull(d.checkedInAt),
    }),
    (d) => [teamNumber.get(d.team) ?? 0, d.designation],
  );
  const duelistOrder = new Map(duelistOut.map((d, i) => [d.id, i]));
  const decklistOut = add(
    "decklist",
    decklists,
    (l) => ({
      duelist: ids.of(l.duelistId),
      sourceFormat: l.sourceFormat,
      rawText: l.rawText,
      sections: json(l.sections),
      legality: json(l.legality),
      isLegal: l.isLegal,
      locked: l.locked,
      submittedBy: who(l.submittedById),
      submittedAt: iso(l.submittedAt),
      version: l.version,
      unlockedAt: isoOrNull(l.unlockedAt),
    }),
    (l) => [duelistOrder.get(l.duelist) ?? 0],
  );
  const localOut = add(
    "localInfraction",
    localInfractions,
    (l) => ({ name: l.name, defaultPenalty: l.defaultPenalty, createdAt: iso(l.createdAt) }),
    (l) => [l.name],
  );
  const avoidOut = add(
    "avoidPair",
    avoidPairs,
    (p) => ({ teamA: ids.of(p.teamAId), teamB: ids.of(p.teamBId), reason: p.reason, createdAt: iso(p.createdAt) }),
    (p) => [teamNumber.get(p.teamA) ?? 0, teamNumber.get(p.teamB) ?? 0],
  );
  const roundOut = add(
    "round",
    rounds,
    (r) => ({
      number: r.number,
      kind: r.kind,
      status: r.status,
      seed: r.seed,
      minutes: r.minutes,
      createdAt: iso(r.createdAt),
      publishedAt: isoOrNull(r.publishedAt),
      closedAt: isoOrNull(r.closedAt),
    }),
    (r) => [r.number],
  );
  const roundNumber = new Map(roundOut.map((r) => [r.id, r.number]));
  const allMatches = rounds.flatMap((r) => r.matches);
  const matchOut = add(
    "match",
    allMatches,
    (m) => ({ round: ids.of(m.roundId), table: m.table, firstSlot: m.firstSlot, reasons: json(m.reasons), version: m.version }),
    (m) => [roundNumber.get(m.round) ?? 0, m.table],
  );
  const matchOrder = new Map(matchOut.map((m, i) => [m.id, i]));
  const seats = allMatches
    .flatMap((m) => m.teams.map((s) => ({ match: ids.of(m.id), slot: s.slot as 1 | 2, team: ids.of(s.teamId) })))
    .sort(byContent((s) => [matchOrder.get(s.match) ?? 0, s.slot]));
  const results = allMatches
    .filter((m) => m.outcome || m.reportedAt || m.eompState !== null || m.lp1 !== null || m.lp2 !== null || m.games1 || m.games2)
    .map((m) => ({
      match: ids.of(m.id),
      outcome: m.outcome,
      winnerSlot: m.winnerSlot,
      endReason: m.endReason,
      lp1: m.lp1,
      lp2: m.lp2,
      games1: m.games1,
      games2: m.games2,
      reportedAt: isoOrNull(m.reportedAt),
      eompState: m.eompState === null ? null : json(m.eompState),
    }))
    .sort(byContent((r) => [matchOrder.get(r.match) ?? 0]));
  const reportOut = add(
    "report",
    allMatches.flatMap((m) => m.reports),
    (x) => ({
      match: ids.of(x.matchId),
      by: who(x.userId) ?? "",
      source: x.source,
      team: ids.maybe(x.teamId),
      payload: json(x.payload),
      createdAt: iso(x.createdAt),
    }),
    (x) => [matchOrder.get(x.match) ?? 0, x.createdAt],
  );
  const timerOut = add(
    "timer",
    rounds.flatMap((r) => r.timer),
    (t) => ({
      round: ids.of(t.roundId),
      match: ids.maybe(t.matchId),
      action: t.action,
      seconds: t.seconds,
      at: iso(t.at),
      by: who(t.byUserId),
    }),
    (t) => [roundNumber.get(t.round) ?? 0, t.at],
  );
  const snapshotOut = add(
    "snapshot",
    [...rounds.flatMap((r) => r.snapshots), ...undone],
    (s) => ({ round: ids.maybe(s.roundId), number: s.number, phase: s.phase, data: json(s.data), createdAt: iso(s.createdAt) }),
    (s) => [s.round ? (roundNumber.get(s.round) ?? 0) : (s.number ?? 0), s.phase, s.createdAt],
  );
  const editOut = add(
    "pairingEdit",
    rounds.flatMap((r) => r.pairingEdits),
    (e) => ({
      round: ids.of(e.roundId),
      kind: e.kind,
      team: e.team,
      fromTable: e.fromTable,
      toTable: e.toTable,
      otherTeam: e.otherTeam,
      otherFromTable: e.otherFromTable,
      otherToTable: e.otherToTable,
      reason: e.reason,
      warnings: json(e.warnings),
      by: who(e.userId),
      createdAt: iso(e.createdAt),
    }),
    (e) => [roundNumber.get(e.round) ?? 0, e.createdAt],
  );
  const penaltyOut = add(
    "penalty",
    penalties,
    (p) => ({
      team: ids.of(p.teamId),
      duelist: ids.maybe(p.duelistId),
      roundNumber: p.roundNumber,
      infraction: p.infraction,
      infractionCode: p.infractionCode === null ? null : (remapJson(p.infractionCode, ids.table) as string),
      penalty: p.penalty,
      judge: who(p.judgeId),
      notes: p.notes,
      createdAt: iso(p.createdAt),
    }),
    (p) => [p.createdAt],
  );
  const checkOut = add(
    "deckCheck",
    deckChecks,
    (c) => ({
      round: ids.of(c.roundId),
      team: ids.of(c.teamId),
      judge: who(c.judgeId),
      outcome: c.outcome,
      notes: c.notes,
      createdAt: iso(c.createdAt),
    }),
    (c) => [roundNumber.get(c.round) ?? 0, teamNumber.get(c.team) ?? 0],
  );
  const poolOut = add(
    "poolEntry",
    poolEntries,
    (p) => ({
      name: p.name,
      playerId: p.playerId,
      status: p.status,
      team: ids.maybe(p.teamId),
      designation: p.designation,
      createdAt: iso(p.createdAt),
    }),
    (p) => [p.createdAt, p.name],
  );
  const callOut = add(
    "judgeCall",
    judgeCalls,
    (c) => ({
      match: ids.of(c.matchId),
      team: ids.of(c.teamId),
      roundNumber: c.roundNumber,
      table: c.table,
      status: c.status,
      calledBy: who(c.calledById) ?? "",
      createdAt: iso(c.createdAt),
      acknowledgedAt: isoOrNull(c.acknowledgedAt),
      acknowledgedBy: who(c.acknowledgedById),
      resolvedAt: isoOrNull(c.resolvedAt),
      resolvedBy: who(c.resolvedById),
    }),
    (c) => [c.createdAt, c.roundNumber, c.table],
  );
  // Stored JSON written before a later kind got its local id: remap once more with the full table.
  const again = <T>(rows: T[], fields: (keyof T)[]) =>
    rows.map(
      (r) =>
        Object.fromEntries(
          Object.entries(r as object).map(([k, v]) => [k, fields.includes(k as keyof T) && v !== null ? json(v) : v]),
        ) as T,
    );
  const auditOut = auditRows
    .map((r) => ({
      at: iso(r.createdAt),
      by: r.by,
      action: r.action,
      entity: r.entity,
      entityId: r.entity === "User" || r.entityId === null ? null : (ids.table.get(r.entityId) ?? r.entityId),
      entityName: r.entityName,
      before: r.before === null ? null : json(r.before),
      after: r.after === null ? null : json(r.after),
    }))
    .sort(byContent((r) => [r.at]));

  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    event: {
      id: ids.of(event.id),
      name: event.name,
      formatPreset: event.formatPreset,
      settings: json(event.settings),
      timeZone: event.timeZone,
      roundMinutes: event.roundMinutes,
      banlist: event.banlistId ? ids.of(event.banlistId) : null,
      decklistDeadline: isoOrNull(event.decklistDeadline),
      decklistsPublished: event.decklistsPublished,
      status: event.status,
      checkInOpen: event.checkInOpen,
      swissRounds: event.swissRounds,
      topCut: event.topCut,
      createdAt: iso(event.createdAt),
      startsOn: event.startsOn ? iso(event.startsOn).slice(0, 10) : null,
      location: event.location,
      hidden: event.hidden,
      selfRegistration: event.selfRegistration,
      registrationOpensAt: isoOrNull(event.registrationOpensAt),
      registrationClosesAt: isoOrNull(event.registrationClosesAt),
      teamCap: event.teamCap,
      requireApproval: event.requireApproval,
      checkInClosedAt: isoOrNull(event.checkInClosedAt),
      checkInOpensAt: isoOrNull(event.checkInOpensAt),
      checkInClosesAt: isoOrNull(event.checkInClosesAt),
      partnerSeed: event.partnerSeed,
      flightSize: event.flightSize,
      flightsHeld: event.flightsHeld,
    },
    banlists,
    cards,
    teams: teamOut,
    duelists: duelistOut,
    decklists: again(decklistOut, ["sections", "legality"]),
    localInfractions: localOut,
    avoidPairs: avoidOut,
    rounds: roundOut,
    matches: again(matchOut, ["reasons"]),
    seats,
    results: again(results, ["eompState"]),
    reports: again(reportOut, ["payload"]),
    timer: timerOut,
    snapshots: again(snapshotOut, ["data"]),
    pairingEdits: again(editOut, ["warnings"]),
    penalties: penaltyOut,
    deckChecks: checkOut,
    poolEntries: poolOut,
    judgeCalls: callOut,
    audit: auditOut,
  } as EventArchive;
}

/** The archive's bytes: 2-space indented JSON and a final newline. */
export function archiveText(archive: EventArchive): string {
  return `${JSON.stringify(archive, null, 2)}\n`;
}

/** A file name for the archive of an event named `name`: `<slug>.tandem.json`. */
export function archiveFileName(name: string): string {
  const slug =
    name
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/[\s_]+/g, "-")
      .toLowerCase()
      .slice(0, 60) || "event";
  return `${slug}.tandem.json`;
}

/**
 * Exports event `eventId` (issue #17): `{ body, fileName, contentType }`, body = the archive JSON.
 * Authorization is the caller's (the organizer action, the CLI on the operator's own database).
 */
export async function exportEventArchive(eventId: string, client: Client = db()) {
  const archive = await buildEventArchive(eventId, client);
  return { body: archiveText(archive), fileName: archiveFileName(archive.event.name), contentType: "application/json; charset=utf-8" };
}

/** Thrown when an archive is refused: `problems` name the path in the archive and the reason. */
export class ArchiveRefused extends ActionError {
  constructor(readonly problems: ArchiveProblem[]) {
    super("ARCHIVE_REFUSED", `The archive was not imported: ${archiveProblemLines(problems).join("; ")}`, "file", {
      count: problems.length,
      first: archiveProblemLines(problems)[0] ?? "",
    });
    (this as ActionError & { details?: unknown }).details = problems.map((p) => ({
      field: p.path || undefined,
      code: "ARCHIVE_PROBLEM",
      message: p.path ? `${p.path}: ${p.message}` : p.message,
      params: { path: p.path, reason: p.message },
    }));
  }
}

/**
 * A cuid-shaped id for an imported row. Ids of one import share a random stem and count up, so
 * rows of equal time keep the archive's order where the app sorts by id.
 */
function idMaker(): () => string {
  const stem = `ci${Date.now().toString(36)}${randomBytes(6).toString("hex")}`;
  let n = 0;
  return () => `${stem}${(n++).toString(36).padStart(6, "0")}`;
}

const nullableJson = (v: unknown) => (v === null || v === undefined ? Prisma.DbNull : (v as Prisma.InputJsonValue));
const date = (s: string) => new Date(s);
const dateOrNull = (s: string | null) => (s ? new Date(s) : null);

/**
 * Writes a checked archive as a new event inside `tx` for `actor` (an organizer; not checked here).
 * Returns the new event id and the report lines. Throws ArchiveRefused when the database refuses a
 * row the checks let through (then the transaction rolls back).
 */
export async function writeEventArchive(tx: Tx, a: EventArchive, actor: Actor): Promise<{ eventId: string; report: string[] }> {
  const newId = idMaker();
  const map = new Map<string, string>();
  const id = (local: string) => {
    let v = map.get(local);
    if (!v) map.set(local, (v = newId()));
    return v;
  };
  const maybe = (local: string | null) => (local === null ? null : id(local));
  const json = (v: unknown) => remapJson(v, map) as Prisma.InputJsonValue;
  const report: string[] = [];
  // Local ids first (in archive order), so stored JSON naming any row maps in one pass.
  id(a.event.id);
  for (const list of [
    a.banlists,
    a.teams,
    a.duelists,
    a.decklists,
    a.localInfractions,
    a.avoidPairs,
    a.rounds,
    a.matches,
    a.reports,
    a.timer,
    a.snapshots,
    a.pairingEdits,
    a.penalties,
    a.deckChecks,
    a.poolEntries,
    a.judgeCalls,
  ] as { id: string }[][])
    for (const row of list) id(row.id);
  const eventId = id(a.event.id);

  // Cards: add the missing ones, never change a stored card.
  if (a.cards.length) {
    const added = await tx.card.createMany({ data: a.cards, skipDuplicates: true });
    report.push(`cards: ${added.count} added, ${a.cards.length - added.count} already stored (unchanged)`);
  }
  // F&L list: the stored list of the same game and name is used when its entries are the same.
  let banlistId: string | null = null;
  const list = a.event.banlist ? a.banlists.find((b) => b.id === a.event.banlist)! : null;
  if (list) {
    const key = (e: { passcode: number | null; cardName: string | null; limit: number }) => `${e.passcode}|${e.cardName}|${e.limit}`;
    const stored = await tx.banlist.findUnique({ where: { game_name: { game: list.game, name: list.name } }, include: { entries: true } });
    const same = stored && stored.entries.map(key).sort().join("\n") === list.entries.map(key).sort().join("\n");
    if (stored && same) {
      banlistId = stored.id;
      report.push(`F&L list ${list.name}: already stored, the same entries`);
    } else {
      const name = stored
        ? `${list.name} (imported ${new Date().toISOString().slice(0, 10)} ${randomBytes(2).toString("hex")})`
        : list.name;
      const created = await tx.banlist.create({
        data: {
          id: id(list.id),
          game: list.game,
          name,
          effectiveFrom: dateOrNull(list.effectiveFrom),
          isWhitelist: list.isWhitelist,
          source: list.source,
          importedAt: date(list.importedAt),
        },
      });
      await tx.banlistEntry.createMany({ data: list.entries.map((e) => ({ banlistId: created.id, ...e })) });
      banlistId = created.id;
      report.push(
        stored ? `F&L list ${list.name}: a stored list has other entries; imported as "${name}"` : `F&L list ${list.name}: added`,
      );
    }
  }
  const e = a.event;
  await tx.event.create({
    data: {
      id: eventId,
      name: e.name,
      formatPreset: e.formatPreset,
      settings: json(e.settings),
      timeZone: e.timeZone,
      roundMinutes: e.roundMinutes,
      banlistId,
      decklistDeadline: dateOrNull(e.decklistDeadline),
      decklistsPublished: e.decklistsPublished,
      status: e.status,
      checkInOpen: e.checkInOpen,
      swissRounds: e.swissRounds,
      topCut: e.topCut,
      createdAt: date(e.createdAt),
      startsOn: e.startsOn ? new Date(`${e.startsOn}T00:00:00.000Z`) : null,
      location: e.location,
      hidden: e.hidden,
      selfRegistration: e.selfRegistration,
      registrationOpensAt: dateOrNull(e.registrationOpensAt),
      registrationClosesAt: dateOrNull(e.registrationClosesAt),
      teamCap: e.teamCap,
      requireApproval: e.requireApproval,
      checkInClosedAt: dateOrNull(e.checkInClosedAt),
      checkInOpensAt: dateOrNull(e.checkInOpensAt),
      checkInClosesAt: dateOrNull(e.checkInClosesAt),
      partnerSeed: e.partnerSeed,
      flightSize: e.flightSize,
      flightsHeld: e.flightsHeld,
      // seriesId / flightNumber are not archived: an imported flight is a standalone event.
    },
  });
  await tx.eventStaff.create({ data: { eventId, userId: actor.userId!, role: "ORGANIZER" } });
  // People named in the archive (no accounts): one row per display name.
  const names = new Set<string>();
  const personOf = (n: string | null) => (n === null ? null : (names.add(n), n));
  a.decklists.forEach((l) => personOf(l.submittedBy));
  a.reports.forEach((r) => personOf(r.by));
  a.timer.forEach((t) => personOf(t.by));
  a.pairingEdits.forEach((p) => personOf(p.by));
  a.penalties.forEach((p) => personOf(p.judge));
  a.deckChecks.forEach((c) => personOf(c.judge));
  a.audit.forEach((r) => (personOf(r.by), personOf(r.entityName)));
  a.teams.forEach((t) => personOf(t.selfDroppedBy));
  a.judgeCalls.forEach((c) => (personOf(c.calledBy), personOf(c.acknowledgedBy), personOf(c.resolvedBy)));
  const personId = new Map([...names].sort().map((n) => [n, newId()]));
  if (personId.size)
    await tx.archivedPerson.createMany({ data: [...personId].map(([displayName, pid]) => ({ id: pid, eventId, displayName })) });
  const who = (n: string | null) => (n === null ? null : personId.get(n)!);

  await tx.team.createMany({
    data: a.teams.map((t) => ({
      id: id(t.id),
      eventId,
      name: t.name,
      number: t.number,
      status: t.status,
      checkedIn: t.checkedIn,
      droppedAfter: t.droppedAfter,
      fixedTable: t.fixedTable,
      entryRound: t.entryRound,
      entryPolicy: t.entryPolicy,
      byeRounds: t.byeRounds,
      createdAt: date(t.createdAt),
      entry: t.entry,
      waitlistSeq: t.waitlistSeq,
      entryNotice: t.entryNotice,
      entryNoticeAt: dateOrNull(t.entryNoticeAt),
      selfDroppedAt: dateOrNull(t.selfDroppedAt),
      selfDroppedById: who(t.selfDroppedBy),
      queuedAt: dateOrNull(t.queuedAt),
    })),
  });
  // Duelists import unclaimed, each with a new claim code (issue #17; printed once in the report).
  const codes: string[] = [];
  const duelistRows = [];
  for (const d of a.duelists) {
    const { code, claimCodeHash, claimExpiresAt } = freshClaimCode();
    codes.push(`${d.name}: ${code}`);
    duelistRows.push({
      id: id(d.id),
      eventId,
      teamId: id(d.team),
      designation: d.designation,
      name: d.name,
      playerId: d.playerId,
      createdAt: date(d.createdAt),
      checkedInAt: dateOrNull(d.checkedInAt),
      claimCodeHash,
      claimExpiresAt,
    });
  }
  await tx.duelist.createMany({ data: duelistRows });
  await tx.decklist.createMany({
    data: a.decklists.map((l) => ({
      id: id(l.id),
      eventId,
      duelistId: id(l.duelist),
      sourceFormat: l.sourceFormat,
      rawText: l.rawText,
      sections: json(l.sections),
      legality: json(l.legality),
      isLegal: l.isLegal,
      locked: l.locked,
      submittedById: who(l.submittedBy),
      submittedAt: date(l.submittedAt),
      version: l.version,
      unlockedAt: dateOrNull(l.unlockedAt),
    })),
  });
  await tx.localInfraction.createMany({
    data: a.localInfractions.map((l) => ({
      id: id(l.id),
      eventId,
      name: l.name,
      defaultPenalty: l.defaultPenalty,
      createdAt: date(l.createdAt),
    })),
  });
  await tx.avoidPair.createMany({
    data: a.avoidPairs.map((p) => ({
      id: id(p.id),
      eventId,
      teamAId: id(p.teamA),
      teamBId: id(p.teamB),
      reason: p.reason,
      createdAt: date(p.createdAt),
    })),
  });
  await tx.round.createMany({
    data: a.rounds.map((r) => ({
      id: id(r.id),
      eventId,
      number: r.number,
      kind: r.kind,
      status: r.status,
      seed: r.seed,
      minutes: r.minutes,
      createdAt: date(r.createdAt),
      publishedAt: dateOrNull(r.publishedAt),
      closedAt: dateOrNull(r.closedAt),
    })),
  });
  const result = new Map(a.results.map((r) => [r.match, r]));
  await tx.match.createMany({
    data: a.matches.map((m) => {
      const r = result.get(m.id);
      return {
        id: id(m.id),
        roundId: id(m.round),
        table: m.table,
        firstSlot: m.firstSlot,
        reasons: json(m.reasons),
        version: m.version,
        outcome: r?.outcome ?? null,
        winnerSlot: r?.winnerSlot ?? null,
        endReason: r?.endReason ?? null,
        lp1: r?.lp1 ?? null,
        lp2: r?.lp2 ?? null,
        games1: r?.games1 ?? 0,
        games2: r?.games2 ?? 0,
        reportedAt: dateOrNull(r?.reportedAt ?? null),
        eompState: nullableJson(r?.eompState === null || r?.eompState === undefined ? null : json(r.eompState)),
      };
    }),
  });
  const roundOfMatch = new Map(a.matches.map((m) => [m.id, m.round]));
  await tx.matchTeam.createMany({
    data: a.seats.map((s) => ({ matchId: id(s.match), roundId: id(roundOfMatch.get(s.match)!), teamId: id(s.team), slot: s.slot })),
  });
  await tx.resultReport.createMany({
    data: a.reports.map((r) => ({
      id: id(r.id),
      matchId: id(r.match),
      userId: who(r.by)!,
      source: r.source,
      teamId: maybe(r.team),
      payload: json(r.payload),
      createdAt: date(r.createdAt),
    })),
  });
  await tx.timerActivation.createMany({
    data: a.timer.map((t) => ({
      id: id(t.id),
      roundId: id(t.round),
      matchId: maybe(t.match),
      action: t.action,
      seconds: t.seconds,
      at: date(t.at),
      byUserId: who(t.by),
    })),
  });
  await tx.roundSnapshot.createMany({
    data: a.snapshots.map((s) => ({
      id: id(s.id),
      roundId: maybe(s.round),
      eventId: s.round === null ? eventId : null,
      number: s.number,
      phase: s.phase,
      data: json(s.data),
      createdAt: date(s.createdAt),
    })),
  });
  await tx.pairingEdit.createMany({
    data: a.pairingEdits.map((p) => ({
      id: id(p.id),
      roundId: id(p.round),
      kind: p.kind,
      team: p.team,
      fromTable: p.fromTable,
      toTable: p.toTable,
      otherTeam: p.otherTeam,
      otherFromTable: p.otherFromTable,
      otherToTable: p.otherToTable,
      reason: p.reason,
      warnings: json(p.warnings),
      userId: who(p.by),
      createdAt: date(p.createdAt),
    })),
  });
  await tx.penalty.createMany({
    data: a.penalties.map((p) => ({
      id: id(p.id),
      eventId,
      teamId: id(p.team),
      duelistId: maybe(p.duelist),
      roundNumber: p.roundNumber,
      infraction: p.infraction,
      infractionCode: p.infractionCode === null ? null : (remapJson(p.infractionCode, map) as string),
      penalty: p.penalty,
      judgeId: who(p.judge),
      notes: p.notes,
      createdAt: date(p.createdAt),
    })),
  });
  await tx.deckCheck.createMany({
    data: a.deckChecks.map((c) => ({
      id: id(c.id),
      eventId,
      roundId: id(c.round),
      teamId: id(c.team),
      judgeId: who(c.judge),
      outcome: c.outcome,
      notes: c.notes,
      createdAt: date(c.createdAt),
    })),
  });
  // Pool entries without accounts (issue #17: accounts are not archived).
  await tx.partnerPoolEntry.createMany({
    data: a.poolEntries.map((p) => ({
      id: id(p.id),
      eventId,
      name: p.name,
      playerId: p.playerId,
      status: p.status,
      teamId: maybe(p.team),
      designation: p.designation,
      createdAt: date(p.createdAt),
    })),
  });
  // Judge calls; openKey (one open call per match) is the match while the call is not resolved.
  await tx.judgeCall.createMany({
    data: a.judgeCalls.map((c) => ({
      id: id(c.id),
      eventId,
      matchId: id(c.match),
      teamId: id(c.team),
      roundNumber: c.roundNumber,
      table: c.table,
      status: c.status,
      openKey: c.status === "RESOLVED" ? null : id(c.match),
      calledById: who(c.calledBy)!,
      createdAt: date(c.createdAt),
      acknowledgedAt: dateOrNull(c.acknowledgedAt),
      acknowledgedById: who(c.acknowledgedBy),
      resolvedAt: dateOrNull(c.resolvedAt),
      resolvedById: who(c.resolvedBy),
    })),
  });
  await tx.auditLog.createMany({
    data: a.audit.map((r) => ({
      id: newId(),
      eventId,
      userId: who(r.by),
      action: r.action,
      entity: r.entity,
      entityId: r.entityName !== null ? who(r.entityName) : r.entityId === null ? null : (map.get(r.entityId) ?? r.entityId),
      before: nullableJson(r.before === null ? null : json(r.before)),
      after: nullableJson(r.after === null ? null : json(r.after)),
      createdAt: date(r.at),
    })),
  });
  await audit(tx, {
    eventId,
    actor,
    action: "event.import",
    entity: "Event",
    entityId: eventId,
    // The archive's event name, its team count and how many audit rows came with it.
    after: { name: e.name, teams: a.teams.length, count: a.audit.length },
  });
  return {
    eventId,
    report: [
      `imported "${e.name}" as event ${eventId}: ` +
        `${a.teams.length} teams, ${a.duelists.length} duelists, ${a.rounds.length} rounds, ${a.matches.length} matches`,
      ...report,
      `claim codes (one-time, printed only now; duelists import unclaimed):`,
      ...codes.map((c) => `  ${c}`),
    ],
  };
}

/** Throws ArchiveRefused for archive text that does not read (see lib/archive/read.ts). */
export function checkedArchive(text: string): EventArchive {
  const r = readArchive(text);
  if (!r.ok) throw new ArchiveRefused(r.problems);
  return r.archive;
}

/** Like {@link checkedArchive} for a document already parsed (e.g. in a worker thread). */
export function checkedArchiveDocument(doc: unknown): EventArchive {
  const r = readArchiveDocument(doc);
  if (!r.ok) throw new ArchiveRefused(r.problems);
  return r.archive;
}

/**
 * Imports archive text as a new event owned by `organizerUserId` (issue #17), in ONE transaction.
 * Refusals (ActionError, nothing written): ARCHIVE_REFUSED with the archive's problems (newer
 * version, truncated, inconsistent: each names its path); FORBIDDEN when the user is no organizer.
 */
export async function importEventArchive(text: string, organizerUserId: string): Promise<{ eventId: string; report: string[] }> {
  const archive = checkedArchive(text);
  return db().$transaction(
    async (tx) => {
      const u = await tx.user.findUnique({ where: { id: organizerUserId } });
      if (!u?.isOrganizer) throw new ActionError("FORBIDDEN", "Only organizers can import an event.");
      return writeEventArchive(tx, archive, { userId: u.id, username: u.username, displayName: u.displayName, isOrganizer: true });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
