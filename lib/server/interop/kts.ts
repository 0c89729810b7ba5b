/**
 * KTS `.Tournament` files in and out of the database (issue #17), as the `kts` EventFileFormat.
 *
 * - `importEvent(text, organizerUserId)`: parseKtsInWorker → ktsEventPlan (lib/interop/kts) → ONE
 *   transaction: the event (KONAMI_STANDARD_1V1 or KONAMI_TAG_2019, named after `<Name>`, dated by
 *   `<Date>`, the importing organizer as its organizer), teams and duelists (unclaimed), every round
 *   CLOSED with its results, drops, late entries (unopposed losses), the Swiss rounds' END snapshots
 *   (so the top cut reads the frozen Swiss standings, PS05) and one `event.kts_import` audit row.
 *   Any refusal rolls everything back. The report compares Tandem's recomputed standings with the
 *   file: `standings: N/M players match the file` (the KTS number of RULES §6.1 vs `Points`), one line
 *   per difference `<ID>: file 9507524, Tandem 9475502`, then `placings: N/M players match the file's
 *   Rank` (lib/server/read/placings eventPlacings vs `Rank`) and one line per difference.
 * - `exportEvent(eventId)`: the stored event as a `.Tournament` (ktsFromEvent): Swiss points and KTS
 *   numbers from the official standings, `Rank` from eventPlacings.
 * Errors: ActionError KTS_FILE (the file's problem, in English, naming the element / player /
 * round), FORBIDDEN (not an organizer account), NOT_FOUND (export of an unknown event).
 */
import { db, type Tx } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { loadActor, type Actor } from "@/lib/auth/actor";
import { audit } from "@/lib/server/action";
import { getPreset } from "@/lib/formats/presets";
import { computeStandings, configFromPreset } from "@/lib/standings";
import { KtsFileError, looksLikeKts, serializeKts } from "@/lib/interop/kts";
import { parseKtsInWorker } from "@/lib/server/interop/ktsWorker";
import { ktsEventPlan, ktsFromEvent, type EventPlan } from "@/lib/interop/kts/event";
import { eventRules } from "@/lib/server/write/eventRules";
import { loadHistory, eventStandings } from "@/lib/server/read/standings";
import { eventPlacings } from "@/lib/server/read/placings";
import { writeEndSnapshot } from "@/lib/server/write/roundState";
import type { EventFileFormat } from "./formats";

function refused(e: unknown): never {
  if (e instanceof KtsFileError) throw new ActionError("KTS_FILE", e.message, "file", { reason: e.message });
  throw e;
}

/** Team names unique per event (case-insensitive): a repeated name gets its Player ID appended, within 80 characters. */
function uniqueNames(plan: EventPlan): Map<string, string> {
  const seen = new Set<string>();
  const out = new Map<string, string>();
  for (const t of plan.teams) {
    let name = t.name.slice(0, 80);
    if (seen.has(name.toLowerCase())) name = `${name.slice(0, 80 - t.key.length - 3).trimEnd()} (${t.key})`;
    seen.add(name.toLowerCase());
    out.set(t.key, name);
  }
  return out;
}

async function writePlan(tx: Tx, plan: EventPlan, organizerUserId: string): Promise<string> {
  const preset = getPreset(plan.preset);
  const lastRound = plan.rounds.at(-1);
  const event = await tx.event.create({
    data: {
      // The plan's name already holds the create-event rules (2–120 characters, issue #17).
      name: plan.name,
      formatPreset: preset.id,
      roundMinutes: preset.roundMinutes,
      settings: {},
      startsOn: plan.startsOn ? new Date(`${plan.startsOn}T00:00:00Z`) : null,
      status: plan.finalized ? "FINISHED" : lastRound ? "RUNNING" : "REGISTRATION",
      swissRounds: plan.swissRounds || null,
      topCut: plan.topCut,
      staff: { create: { userId: organizerUserId, role: "ORGANIZER" } },
    },
  });
  const names = uniqueNames(plan);
  const teams = await tx.team.createManyAndReturn({
    data: plan.teams.map((t, i) => ({
      eventId: event.id,
      name: names.get(t.key)!,
      number: i + 1,
      status: t.droppedAfter !== null ? ("DROPPED" as const) : ("ACTIVE" as const),
      droppedAfter: t.droppedAfter,
      entryRound: t.entryRound,
      entryPolicy: t.entryRound !== null ? ("losses" as const) : null,
    })),
    select: { id: true, number: true },
  });
  const teamId = new Map(plan.teams.map((t, i) => [t.key, teams.find((x) => x.number === i + 1)!.id]));
  await tx.duelist.createMany({
    data: plan.teams.flatMap((t) =>
      t.duelists.map((d) => ({
        eventId: event.id,
        teamId: teamId.get(t.key)!,
        designation: d.designation,
        name: d.name,
        playerId: d.playerId,
      })),
    ),
  });
  const closedAt = new Date();
  for (const r of plan.rounds) {
    const round = await tx.round.create({
      data: {
        eventId: event.id,
        number: r.number,
        kind: r.kind,
        status: "CLOSED",
        seed: "kts-import",
        minutes: preset.roundMinutes,
        closedAt,
      },
    });
    const matches = await tx.match.createManyAndReturn({
      data: r.matches.map((m) => ({ roundId: round.id, table: m.table, outcome: m.outcome, winnerSlot: m.winnerSlot })),
      select: { id: true, table: true },
    });
    const idAt = new Map(matches.map((m) => [m.table, m.id]));
    await tx.matchTeam.createMany({
      data: r.matches.flatMap((m) => [
        { matchId: idAt.get(m.table)!, roundId: round.id, teamId: teamId.get(m.team1)!, slot: 1 },
        ...(m.team2 ? [{ matchId: idAt.get(m.table)!, roundId: round.id, teamId: teamId.get(m.team2)!, slot: 2 }] : []),
      ]),
    });
  }
  // END snapshots of the Swiss rounds: the standings after each (the frozen Swiss standings of PS05).
  const history = await loadHistory(tx, event.id);
  const rounds = await tx.round.findMany({ where: { eventId: event.id, kind: "SWISS" }, select: { id: true, number: true } });
  const config = configFromPreset(preset, (await eventRules(tx, event.id)).settings);
  for (const r of rounds) {
    const standings = computeStandings({
      teams: plan.teams.map((t) => ({
        id: teamId.get(t.key)!,
        dropped: t.droppedAfter !== null && t.droppedAfter <= r.number,
        droppedAfterRound: t.droppedAfter !== null && t.droppedAfter <= r.number ? t.droppedAfter : undefined,
      })),
      rounds: history.filter((h) => h.number <= r.number),
      config,
    });
    await writeEndSnapshot(tx, r.id, standings);
  }
  return event.id;
}

/** The comparison lines of the import report (see the module docstring). */
async function reportLines(tx: Tx, eventId: string, plan: EventPlan): Promise<string[]> {
  const { standings } = await eventStandings(tx, eventId);
  const placings = await eventPlacings(eventId, tx, { standings });
  const teams = await tx.team.findMany({ where: { eventId }, select: { id: true, duelists: { select: { playerId: true } } } });
  const teamOfPlayer = new Map(teams.flatMap((t) => t.duelists.map((d) => [d.playerId!, t.id] as const)));
  const kts = new Map(standings.map((s) => [s.teamId, s.kts]));
  const players = plan.teams.flatMap((t) => t.duelists);
  const ktsDiff: string[] = [];
  const rankDiff: string[] = [];
  for (const p of players) {
    const team = teamOfPlayer.get(p.playerId)!;
    const tandem = kts.get(team) ?? "0";
    if (String(p.filePoints) !== tandem) ktsDiff.push(`${p.playerId}: file ${p.filePoints}, Tandem ${tandem}`);
    const place = placings.byTeam.get(team)?.place ?? 0;
    if (p.fileRank !== place) rankDiff.push(`${p.playerId}: Rank ${p.fileRank}, Tandem place ${place}`);
  }
  return [
    `standings: ${players.length - ktsDiff.length}/${players.length} players match the file`,
    ...ktsDiff,
    `placings: ${players.length - rankDiff.length}/${players.length} players match the file's Rank`,
    ...rankDiff,
  ];
}

/**
 * The import plan of a `.Tournament` file: parsed with the XML work in a worker thread
 * (lib/server/interop/ktsWorker.ts), then mapped (pure). @throws ActionError KTS_FILE
 */
export async function ktsPlan(text: string): Promise<EventPlan> {
  try {
    return ktsEventPlan(await parseKtsInWorker(text));
  } catch (e) {
    refused(e);
  }
}

/**
 * Writes a KTS import plan as a new event owned by `actor` inside the caller's transaction, with its
 * one `event.kts_import` audit row; returns the new event's id and the report lines.
 * @throws ActionError FORBIDDEN (not an organizer account), KTS_FILE
 */
export async function writeKtsImport(tx: Tx, plan: EventPlan, actor: Actor): Promise<{ eventId: string; report: string[] }> {
  if (!actor.userId || !actor.isOrganizer)
    throw new ActionError("FORBIDDEN", "Only organizer accounts can import events.", undefined, { what: "importEvent" });
  const eventId = await writePlan(tx, plan, actor.userId);
  const report = await reportLines(tx, eventId, plan);
  await audit(tx, {
    eventId,
    actor,
    action: "event.kts_import",
    entity: "Event",
    entityId: eventId,
    after: { name: plan.name, formatPreset: plan.preset, teams: plan.teams.length, rounds: plan.rounds.length },
  });
  return { eventId, report };
}

/**
 * Imports a `.Tournament` file as a new event owned by `organizerUserId` (an organizer account), in
 * one transaction (the CLI's path; the organizer page goes through the importEventArchive action).
 * Returns the new event's id and the report lines. @throws ActionError KTS_FILE / FORBIDDEN
 */
export async function importKts(text: string, organizerUserId: string): Promise<{ eventId: string; report: string[] }> {
  const plan = await ktsPlan(text);
  return db().$transaction(async (tx) => writeKtsImport(tx, plan, await loadActor(tx, organizerUserId)), {
    timeout: 120_000,
    maxWait: 30_000,
  });
}

/** Loads a stored event as lib/interop/kts EventForKts and writes its `.Tournament`. @throws ActionError NOT_FOUND */
export async function exportKts(eventId: string): Promise<{ body: string; fileName: string; contentType: string }> {
  const tx = db();
  const { event, preset } = await eventRules(tx, eventId);
  const [teams, rounds, { standings }] = await Promise.all([
    tx.team.findMany({ where: { eventId }, orderBy: { number: "asc" }, include: { duelists: true } }),
    tx.round.findMany({
      where: { eventId },
      orderBy: { number: "asc" },
      include: { matches: { orderBy: { table: "asc" }, include: { teams: { select: { slot: true, teamId: true } } } } },
    }),
    eventStandings(tx, eventId),
  ]);
  const placings = await eventPlacings(eventId, tx, { standings });
  const row = new Map(standings.map((s) => [s.teamId, s]));
  const file = ktsFromEvent({
    name: event.name,
    startsOn: event.startsOn ? event.startsOn.toISOString().slice(0, 10) : null,
    finished: event.status === "FINISHED",
    teamSize: preset.teamSize,
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      duelists: t.duelists.map((d) => ({ designation: d.designation, name: d.name, playerId: d.playerId })),
      dropped: t.status === "DROPPED",
      entryRound: t.entryRound,
      entryPolicy: t.entryPolicy ?? "losses",
      place: placings.byTeam.get(t.id)?.place ?? null,
      points: row.get(t.id)?.points ?? 0,
      kts: row.get(t.id)?.kts ?? "0",
    })),
    rounds: rounds.map((r) => ({
      number: r.number,
      kind: r.kind,
      matches: r.matches.map((m) => ({
        table: m.table,
        team1: m.teams.find((x) => x.slot === 1)!.teamId,
        team2: m.teams.find((x) => x.slot === 2)?.teamId ?? null,
        outcome: m.outcome,
        winnerSlot: m.winnerSlot,
      })),
    })),
  });
  const base = event.name.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "event";
  return { body: serializeKts(file), fileName: `${base.slice(0, 60)}.Tournament`, contentType: "application/xml; charset=utf-8" };
}

/** The `kts` event file format (lib/server/interop/formats.ts). */
export const ktsFormat: EventFileFormat = {
  id: "kts",
  exportEvent: exportKts,
  detect: looksLikeKts,
  importEvent: importKts,
};
